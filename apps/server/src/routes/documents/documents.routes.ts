import type {
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountParamsSchema,
  DrumLabelsQuerySchema,
  QuoteIdParamsSchema,
  RequestIdParamsSchema,
  StatementQuerySchema,
  StatementSubscriptionSchema,
  type Language,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { renderDeliveryNote } from '../../services/documents/delivery-note';
import { renderDrumLabels } from '../../services/documents/drum-labels';
import { renderDrumStatement } from '../../services/documents/drum-statement';
import { renderQuoteOffer } from '../../services/documents/quote-offer';
import {
  isSubscribedToStatement,
  setStatementSubscription,
} from '../../services/drum-account/statement-mails';
import {
  countRateLimitHit,
  documentRenderLimit,
  refuseWhenReached,
} from '../../services/rate-limit';
import type { Translations } from '../../services/translations';
import { errorResponses } from '../../http/error-responses';
import { fileAnswer } from '../../http/file-answers';

export interface DocumentRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

/** The account's PDF documents, rendered on request in the reader's language. */
export const documentRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    requireSession,
  }: DocumentRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Each document takes a rendering thread for a while: a user has so many a minute. A document
    // counts as it is sent, so that a refused request (not found, not yet available) writes
    // nothing; the rendering threads' queue bounds what runs meanwhile.
    const limitRenders: preHandlerAsyncHookHandler = async (request) => {
      await refuseWhenReached(
        db,
        documentRenderLimit(settings, sessionOf(request).user.id),
        clock(),
      );
    };
    const countRender: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
      if (reply.statusCode === 200) {
        const limit = documentRenderLimit(settings, sessionOf(request).user.id);
        await countRateLimitHit(db, limit, clock());
      }
      return payload;
    };
    const preHandler = [requireSession, requireAbility('get', 'refill'), limitRenders];
    // The statement by mail is the admins' choice, beside the alert settings.
    const adminHandler = [requireSession, requireAbility('update', 'alerts')];
    const errors = errorResponses(400, 401, 403);

    app.get(
      '/api/documents/drum-statement/subscription',
      {
        preHandler: adminHandler,
        schema: {
          tags: ['documents'],
          summary: 'Whether the signed-in admin gets the monthly statement by mail',
          response: { 200: StatementSubscriptionSchema, ...errors },
        },
      },
      async (request) => ({
        isSubscribed: await isSubscribedToStatement(db, sessionOf(request).user.id),
      }),
    );

    app.put(
      '/api/documents/drum-statement/subscription',
      {
        preHandler: adminHandler,
        schema: {
          tags: ['documents'],
          summary: "Start or stop mailing the admin last month's statement on the 1st",
          body: StatementSubscriptionSchema,
          response: { 200: StatementSubscriptionSchema, ...errors },
        },
      },
      async (request) => ({
        isSubscribed: await setStatementSubscription(db, {
          userId: sessionOf(request).user.id,
          isSubscribed: request.body.isSubscribed,
          now: clock(),
        }),
      }),
    );
    const readerOf = (request: FastifyRequest) => {
      const user = sessionOf(request).user;
      return {
        accountId: user.accountId,
        sitesInScope: user.siteIds,
        language: user.locale as Language,
        now: clock(),
      };
    };
    const pdf = (fileName: string) => ({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'private, no-store',
    });

    app.get(
      '/api/documents/drum-statement',
      {
        preHandler,
        onSend: countRender,
        schema: {
          tags: ['documents'],
          summary: "The month's drum-account statement (drums on site, rent, per site) as a PDF",
          querystring: StatementQuerySchema,
          response: { 200: fileAnswer('The document, as a PDF file', 'pdf') },
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDrumStatement(
          db,
          { translations, rentDefaults: settings.drumRentDefaults, provider: settings.provider },
          { ...readerOf(request), month: request.query.month },
        );
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );

    const labelsDeps = { translations, publicUrl: settings.publicUrl };
    app.get(
      '/api/documents/drum-labels',
      {
        preHandler: [requireSession, requireAbility('print', 'labels'), limitRenders],
        onSend: countRender,
        schema: {
          tags: ['documents'],
          summary:
            "A sheet of QR-code labels of the account's drums (one or a selection, `drum` repeated), for an A4 sticker sheet, as a PDF",
          querystring: DrumLabelsQuerySchema,
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDrumLabels(db, labelsDeps, {
          ...readerOf(request),
          drumIds: request.query.drum,
          sheet: request.query.sheet,
        });
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );

    app.get(
      '/api/backoffice/accounts/:id/drum-labels',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice'), limitRenders],
        onSend: countRender,
        schema: {
          tags: ['documents', 'backoffice'],
          summary: "A sheet of QR-code labels of any account's drums, as a PDF, for staff",
          params: AccountParamsSchema,
          querystring: DrumLabelsQuerySchema,
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDrumLabels(db, labelsDeps, {
          ...readerOf(request),
          accountId: request.params.id,
          sitesInScope: null,
          drumIds: request.query.drum,
          sheet: request.query.sheet,
        });
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );

    app.get(
      '/api/documents/refill-requests/:id/delivery-note',
      {
        preHandler,
        onSend: countRender,
        schema: {
          tags: ['documents'],
          summary: 'The delivery note of a confirmed or delivered refill request, as a PDF',
          params: RequestIdParamsSchema,
          response: { 200: fileAnswer('The document, as a PDF file', 'pdf') },
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDeliveryNote(db, translations, {
          ...readerOf(request),
          requestId: request.params.id,
          provider: settings.provider,
        });
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );

    const sendQuoteOffer = async (
      request: FastifyRequest,
      reply: FastifyReply,
      quoteId: string,
      reader: Parameters<typeof renderQuoteOffer>[2]['reader'],
    ) => {
      const { fileName, bytes } = await renderQuoteOffer(db, translations, {
        reader,
        quoteId,
        language: sessionOf(request).user.locale as Language,
        now: clock(),
        provider: settings.provider,
        taxRateBasisPoints: settings.taxRateBasisPoints,
      });
      return reply.headers(pdf(fileName)).send(bytes);
    };

    app.get(
      '/api/documents/quotes/:id/offer',
      {
        preHandler: [requireSession, requireAbility('get', 'spareparts'), limitRenders],
        onSend: countRender,
        schema: {
          tags: ['documents'],
          summary: "The provider's offer on a quote (offered or accepted), as a PDF",
          params: QuoteIdParamsSchema,
          response: { 200: fileAnswer('The document, as a PDF file', 'pdf') },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        // A user limited to some sites reads only the quotes they asked for (a quote has no site).
        const onlyCreatedBy = user.siteIds ? user.id : undefined;
        return sendQuoteOffer(request, reply, request.params.id, {
          kind: 'customer',
          accountId: user.accountId,
          onlyCreatedBy,
        });
      },
    );

    app.get(
      '/api/backoffice/quotes/:id/offer',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice'), limitRenders],
        onSend: countRender,
        schema: {
          tags: ['documents', 'backoffice'],
          summary: "The offer on any account's quote (offered or accepted), as a PDF, for staff",
          params: QuoteIdParamsSchema,
          response: { 200: fileAnswer('The document, as a PDF file', 'pdf') },
        },
      },
      async (request, reply) =>
        sendQuoteOffer(request, reply, request.params.id, { kind: 'staff' }),
    );
  };
