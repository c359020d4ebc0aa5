import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionSchema,
  CollectionTransitionRequestSchema,
  CreateCollectionRequestSchema,
  MessageListQuerySchema,
  MessageListSchema,
  RequestIdParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { accountOf, sessionOf, sitesOf } from '../../http/session';
import type { MailWorker } from '../../mail/worker';
import type { Clock } from '../../services/clock';
import {
  createCollection,
  listCollections,
  requireOwnCollection,
} from '../../services/collections/collections';
import { DomainError } from '../../services/domain-error';
import { readPage } from '../../services/paging';
import { isWithinSites } from '../../services/site-scope';
import type { Translations } from '../../services/translations';
import { applyTransition } from '../../services/workflow/transitions';
import { conversationRoutes } from '../conversation/conversation.routes';

export interface CollectionsRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker?: MailWorker;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** The collections of released empty drums and their conversations, for the user's account only. */
export const collectionsRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    requireSession,
  }: CollectionsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Reading needs `get refill`; releasing a drum, cancelling and writing need `order refill`.
    const preHandler = [requireSession, requireAbility('get', 'refill')];
    const orderHandler = [requireSession, requireAbility('order', 'refill')];
    const notify = { translations, publicUrl: settings.publicUrl.toString() };

    app.get(
      '/api/refill/collections',
      {
        preHandler,
        schema: {
          tags: ['refill'],
          summary: "The account's drum collections, newest first, a page at a time",
          querystring: CollectionListQuerySchema,
          response: { 200: CollectionListSchema, ...errors },
        },
      },
      async (request) =>
        readPage('collections', request.query, (rows) =>
          listCollections(db, accountOf(request), undefined, rows, sitesOf(request)),
        ),
    );

    app.post(
      '/api/refill/collections',
      {
        preHandler: orderHandler,
        schema: {
          tags: ['refill'],
          summary:
            'Release an empty drum for collection; 409 collection.already_requested while one is under way',
          body: CreateCollectionRequestSchema,
          response: { 201: CollectionSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        const created = await createCollection(db, translations, {
          accountId: accountOf(request),
          userId: user.id,
          locale: user.locale,
          input: request.body,
          now: clock(),
          sitesInScope: sitesOf(request),
          notify,
        });
        mailWorker?.poke();
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/api/refill/collections/:id/transition',
      {
        preHandler: orderHandler,
        schema: {
          tags: ['refill'],
          summary: 'Cancel a collection while it is only requested; a replay changes nothing',
          params: RequestIdParamsSchema,
          body: CollectionTransitionRequestSchema,
          response: { 200: CollectionSchema, ...errors },
        },
      },
      async (request) => {
        const scope = sitesOf(request);
        await applyTransition(db, notify, {
          itemId: request.params.id,
          kind: 'collection',
          action: request.body.action,
          actor: { side: 'customer', userId: sessionOf(request).user.id },
          payload: {},
          accountId: accountOf(request) ?? '',
          visible: isWithinSites(scope),
          now: clock(),
        });
        const [updated] = await listCollections(
          db,
          accountOf(request),
          request.params.id,
          undefined,
          scope,
        );
        if (!updated) throw new DomainError('request.not_found');
        return updated;
      },
    );

    await app.register(
      conversationRoutes({
        db,
        settings,
        translations,
        clock,
        owner: 'collection',
        itemPath: '/api/refill/collections/:id',
        tags: ['refill'],
        summaries: {
          list: "A drum collection's conversation with customer service",
          post: 'Write to customer service about a drum collection',
        },
        preHandler: { list: preHandler, post: orderHandler },
        errors,
        params: RequestIdParamsSchema,
        list: MessageListSchema,
        listQuerystring: MessageListQuerySchema,
        requireOwn: (request, id) =>
          requireOwnCollection(db, accountOf(request), id, sitesOf(request)),
        languageOf: (request) => sessionOf(request).user.locale,
      }),
    );
  };
