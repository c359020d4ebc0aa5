import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartSchema,
  CreateQuoteRequestSchema,
  InstalledEquipmentListSchema,
  type Language,
  LanguageQuerySchema,
  PartCategoryListSchema,
  PartNumberParamsSchema,
  QuoteIdParamsSchema,
  QuoteListQuerySchema,
  QuoteListSchema,
  QuoteTransitionRequestSchema,
  QuoteMessageListQuerySchema,
  QuoteMessageListSchema,
  QuoteSchema,
  SetCartLineRequestSchema,
  SparePartDetailSchema,
  SparePartIdParamsSchema,
  SparePartListQuerySchema,
  SparePartPageSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import { conversationRoutes } from '../conversation/conversation.routes';
import type { Clock } from '../../services/clock';
import { getCart, removeCartLine, setCartLine } from '../../services/spareparts/cart';
import { listCategories, listEquipment } from '../../services/spareparts/equipment';
import { listParts, withSearchTimeout } from '../../services/spareparts/list-parts';
import { findPartId, getPartDetail } from '../../services/spareparts/part-detail';
import { createQuote, listQuotes, requireOwnQuote } from '../../services/spareparts/quotes';
import { applyTransition } from '../../services/workflow/transitions';
import type { Translations } from '../../services/translations';
import type { Settings } from '../../config/env';
import { readPage } from '../../services/paging';
import { DomainError } from '../../services/domain-error';
import { errorResponses } from '../../http/error-responses';
import { notifyDepsOf } from '../../services/workflow/notify';

export interface SparePartsRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = errorResponses(400, 401, 403, 404, 409, 429);

type SessionRequest = FastifyRequest & { query: unknown };

/** The signed-in user (the preHandlers guarantee one). */
const userOf = (request: FastifyRequest) => sessionOf(request).user;
/** Names and designations in `?lang=`, else in the user's language. */
const languageOf = (request: SessionRequest): Language =>
  (request.query as { lang?: Language }).lang ?? userOf(request).locale;

/**
 * The spare-parts catalogue, the user's cart and the account's quote requests.
 * Every route needs a session and `get spareparts` (to read) or `order spareparts` (to change the
 * cart, ask for a quote, write to customer service); account data is looked up by account and
 * the user's sites, so another account's ids answer 404.
 */
export const sparePartsRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    requireSession,
  }: SparePartsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Reading needs `get spareparts`; the cart, quotes and messages need `order spareparts`.
    const preHandler = [requireSession, requireAbility('get', 'spareparts')];
    const orderHandler = [requireSession, requireAbility('order', 'spareparts')];
    /** A user limited to some sites sees only the quotes they asked for (a quote has no site). */
    const quoteOwnerOf = (request: FastifyRequest) => {
      const user = userOf(request);
      return user.siteIds ? user.id : undefined;
    };
    const tags = ['spareparts'];

    app.get(
      '/api/spareparts',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A page of the catalogue: search, category and equipment filters, sort',
          querystring: SparePartListQuerySchema,
          response: { 200: SparePartPageSchema, ...errors },
        },
      },
      async (request) =>
        withSearchTimeout(db, settings.searchStatementTimeoutMs, (tx) =>
          listParts(tx, userOf(request).accountId, request.query, languageOf(request)),
        ),
    );

    app.get(
      '/api/spareparts/categories',
      {
        preHandler,
        schema: {
          tags,
          summary: 'Every part category with its group',
          querystring: LanguageQuerySchema,
          response: { 200: PartCategoryListSchema, ...errors },
        },
      },
      async (request) => ({ categories: await listCategories(db, languageOf(request)) }),
    );

    app.get(
      '/api/spareparts/equipment',
      {
        preHandler,
        schema: {
          tags,
          summary: "The account's installed equipment",
          querystring: LanguageQuerySchema,
          response: { 200: InstalledEquipmentListSchema, ...errors },
        },
      },
      async (request) => ({
        equipment: await listEquipment(
          db,
          userOf(request).accountId,
          languageOf(request),
          userOf(request).siteIds,
        ),
      }),
    );

    app.get(
      '/api/spareparts/:id',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A part, what it replaces and which of the account’s units it fits',
          params: SparePartIdParamsSchema,
          querystring: LanguageQuerySchema,
          response: { 200: SparePartDetailSchema, ...errors },
        },
      },
      async (request) =>
        getPartDetail(db, userOf(request).accountId, request.params.id, languageOf(request)),
    );

    app.get(
      '/api/spareparts/by-number/:partNumber',
      {
        preHandler,
        schema: {
          tags,
          summary: 'A part by its exact part number (case ignored)',
          params: PartNumberParamsSchema,
          querystring: LanguageQuerySchema,
          response: { 200: SparePartDetailSchema, ...errors },
        },
      },
      async (request) => {
        const id = await findPartId(db, { partNumber: request.params.partNumber });
        return getPartDetail(db, userOf(request).accountId, id, languageOf(request));
      },
    );

    app.get(
      '/api/spareparts/cart',
      {
        preHandler,
        schema: {
          tags,
          summary: "The user's cart",
          querystring: LanguageQuerySchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => getCart(db, userOf(request).id, languageOf(request)),
    );

    app.put(
      '/api/spareparts/cart/lines/:id',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary: 'Put a part in the cart with this quantity (replaces the quantity)',
          params: SparePartIdParamsSchema,
          querystring: LanguageQuerySchema,
          body: SetCartLineRequestSchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        await setCartLine(db, {
          userId: user.id,
          partId: request.params.id,
          quantity: request.body.quantity,
          now: clock(),
        });
        return getCart(db, user.id, languageOf(request));
      },
    );

    app.delete(
      '/api/spareparts/cart/lines/:id',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary: 'Take a part out of the cart',
          params: SparePartIdParamsSchema,
          querystring: LanguageQuerySchema,
          response: { 200: CartSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        await removeCartLine(db, user.id, request.params.id);
        return getCart(db, user.id, languageOf(request));
      },
    );

    app.get(
      '/api/spareparts/quotes',
      {
        preHandler,
        schema: {
          tags,
          summary: "The account's quote requests, newest first, a page at a time",
          querystring: QuoteListQuerySchema,
          response: { 200: QuoteListSchema, ...errors },
        },
      },
      async (request) =>
        readPage('quotes', request.query, (rows) =>
          listQuotes(
            db,
            userOf(request).accountId,
            languageOf(request),
            settings.taxRateBasisPoints,
            undefined,
            rows,
            quoteOwnerOf(request),
          ),
        ),
    );

    app.post(
      '/api/spareparts/quotes',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary:
            "Request a quote for the cart's contents (the cart is emptied); a repeated Idempotency-Key answers the first quote",
          headers: z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{8,100}$/) }),
          querystring: LanguageQuerySchema,
          body: CreateQuoteRequestSchema,
          response: { 201: QuoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const quote = await createQuote(db, translations, {
          accountId: user.accountId,
          userId: user.id,
          locale: languageOf(request),
          idempotencyKey: request.headers['idempotency-key'],
          comment: request.body.comment,
          now: clock(),
          taxRateBasisPoints: settings.taxRateBasisPoints,
          notify: notifyDepsOf(settings, translations),
        });
        return reply.code(201).send(quote);
      },
    );

    app.post(
      '/api/spareparts/quotes/:id/transition',
      {
        preHandler: orderHandler,
        schema: {
          tags,
          summary:
            'Accept an offer (with a PO number), decline it (with a reason), withdraw the request or ask again; a replay changes nothing',
          params: QuoteIdParamsSchema,
          querystring: LanguageQuerySchema,
          body: QuoteTransitionRequestSchema,
          response: { 200: QuoteSchema, ...errors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const owner = quoteOwnerOf(request);
        const { action, ...payload } = request.body;
        await applyTransition(db, notifyDepsOf(settings, translations), {
          itemId: request.params.id,
          kind: 'quote',
          action,
          actor: { side: 'customer', userId: user.id },
          payload,
          accountId: user.accountId ?? '',
          visible: (item) => !owner || item.createdByUserId === owner,
          now: clock(),
        });
        const [quote] = await listQuotes(
          db,
          user.accountId,
          languageOf(request),
          settings.taxRateBasisPoints,
          request.params.id,
        );
        if (!quote) throw new DomainError('request.not_found');
        return quote;
      },
    );

    await app.register(
      conversationRoutes({
        db,
        settings,
        translations,
        clock,
        owner: 'quote',
        itemPath: '/api/spareparts/quotes/:id',
        tags,
        summaries: {
          list: "A quote's conversation with customer service",
          post: 'Write to customer service about a quote',
        },
        preHandler: { list: preHandler, post: orderHandler },
        errors,
        params: QuoteIdParamsSchema,
        list: QuoteMessageListSchema,
        listQuerystring: QuoteMessageListQuerySchema,
        querystring: LanguageQuerySchema,
        requireOwn: (request, id) =>
          requireOwnQuote(db, userOf(request).accountId, id, quoteOwnerOf(request)),
        languageOf,
      }),
    );
  };
