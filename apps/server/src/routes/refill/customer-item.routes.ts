import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  type ApiErrorSchema,
  type CollectionListQuerySchema,
  type CollectionTransitionRequestSchema,
  MessageListQuerySchema,
  MessageListSchema,
  RequestIdParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { accountOf, sessionOf, sitesOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import type { ConversationOwner } from '../../services/conversation/conversation';
import { DomainError } from '../../services/domain-error';
import { readPage } from '../../services/paging';
import { isWithinSites, type SiteScope } from '../../services/site-scope';
import type { Translations } from '../../services/translations';
import { applyTransition } from '../../services/workflow/transitions';
import { conversationRoutes } from '../conversation/conversation.routes';
import { notifyDepsOf } from '../../services/workflow/notify';

export interface CustomerItemRoutesOptions<Key extends string, Row> {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  /** Reading needs `read`; cancelling and writing need `order`. */
  preHandler: { read: preHandlerAsyncHookHandler[]; order: preHandlerAsyncHookHandler[] };
  errors: Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429, typeof ApiErrorSchema>>;
  /** The item's lifecycle, and the owner of its conversation. */
  kind: 'collection' | 'refill_request';
  owner: ConversationOwner;
  /** The list's path; one item is under `/:id`. */
  path: `/api/refill/${string}`;
  /** The list's rows in the answer (`{ [listKey]: rows, nextOffset }`). */
  listKey: Key;
  schemas: {
    listQuery: typeof CollectionListQuerySchema;
    list: z.ZodType<Record<Key, Row[]> & { nextOffset: number | null }>;
    item: z.ZodType<Row>;
    transition: typeof CollectionTransitionRequestSchema;
  };
  summaries: { list: string; transition: string; conversation: { list: string; post: string } };
  /** The account's items in the user's sites, newest first; only `onlyId` when given. */
  list(
    db: Database,
    accountId: string | null,
    onlyId: string | undefined,
    rows: { limit: number; offset: number } | undefined,
    sitesInScope: SiteScope,
  ): Promise<Row[]>;
  /** Answers 404 unless the item is the account's, in the user's sites. */
  requireOwn(
    db: Database,
    accountId: string | null,
    itemId: string,
    sitesInScope: SiteScope,
  ): Promise<void>;
}

/**
 * What every refill item a customer asks for has, whatever else its own routes add: its list a
 * page at a time, the customer's transitions (a replay changes nothing), and its conversation with
 * customer service. Always the user's account, within their sites.
 */
export const customerItemRoutes =
  <Key extends string, Row>(options: CustomerItemRoutesOptions<Key, Row>): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, settings, translations, clock, preHandler, errors, schemas, summaries } = options;
    const notify = notifyDepsOf(settings, translations);
    const tags = ['refill'];

    app.get(
      options.path,
      {
        preHandler: preHandler.read,
        schema: {
          tags,
          summary: summaries.list,
          querystring: schemas.listQuery,
          response: { 200: schemas.list, ...errors },
        },
      },
      async (request) =>
        readPage(options.listKey, request.query, (rows) =>
          options.list(db, accountOf(request), undefined, rows, sitesOf(request)),
        ),
    );

    app.post(
      `${options.path}/:id/transition`,
      {
        preHandler: preHandler.order,
        schema: {
          tags,
          summary: summaries.transition,
          params: RequestIdParamsSchema,
          body: schemas.transition,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) => {
        const scope = sitesOf(request);
        await applyTransition(db, notify, {
          itemId: request.params.id,
          kind: options.kind,
          action: request.body.action,
          actor: { side: 'customer', userId: sessionOf(request).user.id },
          payload: {},
          accountId: accountOf(request) ?? '',
          visible: isWithinSites(scope),
          now: clock(),
        });
        const [updated] = await options.list(
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
        owner: options.owner,
        itemPath: `${options.path}/:id`,
        tags,
        summaries: summaries.conversation,
        preHandler: { list: preHandler.read, post: preHandler.order },
        errors,
        params: RequestIdParamsSchema,
        list: MessageListSchema,
        listQuerystring: MessageListQuerySchema,
        requireOwn: (request, id) =>
          options.requireOwn(db, accountOf(request), id, sitesOf(request)),
        languageOf: (request) => sessionOf(request).user.locale,
      }),
    );
  };
