import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RequestIdParamsSchema, StatementQuerySchema, type Language } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { renderDeliveryNote } from '../../services/documents/delivery-note';
import { renderDrumStatement } from '../../services/documents/drum-statement';
import type { Translations } from '../../services/translations';

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
    const preHandler = [requireSession, requireAbility('get', 'refill')];
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
        schema: {
          tags: ['documents'],
          summary: "The month's drum-account statement (drums on site, rent, per site) as a PDF",
          querystring: StatementQuerySchema,
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDrumStatement(
          db,
          { translations, rentDefaults: settings.drumRentDefaults },
          { ...readerOf(request), month: request.query.month },
        );
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );

    app.get(
      '/api/documents/refill-requests/:id/delivery-note',
      {
        preHandler,
        schema: {
          tags: ['documents'],
          summary: 'The delivery note of a confirmed or delivered refill request, as a PDF',
          params: RequestIdParamsSchema,
        },
      },
      async (request, reply) => {
        const { fileName, bytes } = await renderDeliveryNote(db, translations, {
          ...readerOf(request),
          requestId: request.params.id,
        });
        return reply.headers(pdf(fileName)).send(bytes);
      },
    );
  };
