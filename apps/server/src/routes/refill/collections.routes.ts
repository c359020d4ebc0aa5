import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  CollectionListQuerySchema,
  CollectionListSchema,
  CollectionSchema,
  CollectionTransitionRequestSchema,
  CreateCollectionRequestSchema,
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
import type { Translations } from '../../services/translations';
import { customerItemRoutes } from './customer-item.routes';
import { notifyDepsOf } from '../../services/workflow/notify';

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
    const notify = notifyDepsOf(settings, translations);

    await app.register(
      customerItemRoutes({
        db,
        settings,
        translations,
        clock,
        preHandler: { read: preHandler, order: orderHandler },
        errors,
        kind: 'collection',
        owner: 'collection',
        path: '/api/refill/collections',
        listKey: 'collections',
        schemas: {
          listQuery: CollectionListQuerySchema,
          list: CollectionListSchema,
          item: CollectionSchema,
          transition: CollectionTransitionRequestSchema,
        },
        summaries: {
          list: "The account's drum collections, newest first, a page at a time",
          transition: 'Cancel a collection while it is only requested; a replay changes nothing',
          conversation: {
            list: "A drum collection's conversation with customer service",
            post: 'Write to customer service about a drum collection',
          },
        },
        list: listCollections,
        requireOwn: requireOwnCollection,
      }),
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
  };
