import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ApiErrorSchema,
  CreateMessageRequestSchema,
  MessageSchema,
  type Language,
  type LanguageQuerySchema,
  type MessageListQuerySchema,
  type MessageListSchema,
  type QuoteMessageListQuerySchema,
  type RequestIdParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import type { Clock } from '../../services/clock';
import { pageOf, rowsFor } from '../../services/paging';
import { conversationMessageLimit } from '../../services/rate-limit';
import {
  listMessages,
  postMessage,
  type ConversationOwner,
} from '../../services/conversation/conversation';
import { DomainError } from '../../services/domain-error';
import { markReadBy } from '../../services/workflow/work-items';
import type { Translations } from '../../services/translations';
import { sessionOf } from '../../http/session';

export interface ConversationRoutesOptions {
  db: Database;
  settings: Pick<Settings, 'rateLimits'>;
  translations: Translations;
  clock: Clock;
  owner: ConversationOwner;
  /** The item's path (`/api/refill/requests/:id`); its conversation is under `/messages`. */
  itemPath: `${string}/:id`;
  tags: string[];
  summaries: { list: string; post: string };
  /** The session and ability reading the conversation needs, and writing in it. */
  preHandler: { list: preHandlerAsyncHookHandler[]; post: preHandlerAsyncHookHandler[] };
  errors: Partial<Record<400 | 401 | 403 | 404 | 413 | 415, typeof ApiErrorSchema>>;
  params: typeof RequestIdParamsSchema;
  list: typeof MessageListSchema;
  /** The list's page (`limit`, `offset`), and `?lang=` for items whose routes take it. */
  listQuerystring: typeof MessageListQuerySchema | typeof QuoteMessageListQuerySchema;
  /** For items whose routes take `?lang=`. */
  querystring?: typeof LanguageQuerySchema;
  /** Answers 404 unless the item belongs to the signed-in user's account. */
  requireOwn(request: FastifyRequest, itemId: string): Promise<void>;
  /** The language customer service's name is shown in. */
  languageOf(request: FastifyRequest): Language;
}

/** Each owner's conversations in the rate limit's buckets. */
const rateLimitBucket = {
  request: 'refill-request',
  quote: 'quote',
  collection: 'collection',
} as const;

/**
 * The two routes of an item's conversation: read it a page at a time (GET) and write in it
 * (POST, 201 with the message, within the conversation's rate limit). The item's own module says
 * who may, and in which language the reader reads.
 */
export const conversationRoutes =
  (options: ConversationRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, translations, owner, errors, params } = options;
    const path = `${options.itemPath}/messages`;
    const querystring = options.querystring ? { querystring: options.querystring } : {};

    app.get(
      path,
      {
        preHandler: options.preHandler.list,
        schema: {
          tags: options.tags,
          summary: options.summaries.list,
          params,
          querystring: options.listQuerystring,
          response: { 200: options.list, ...errors },
        },
      },
      async (request) => {
        await options.requireOwn(request, request.params.id);
        const item = { kind: owner, id: request.params.id };
        const rows = await listMessages(
          db,
          translations,
          item,
          options.languageOf(request),
          rowsFor(request.query),
        );
        const { items, nextOffset } = pageOf(rows, request.query);
        // The customer has now seen what the provider wrote and did on the item.
        await markReadBy(db, 'customer', [request.params.id], options.clock());
        return { messages: items, nextOffset };
      },
    );

    app.post(
      path,
      {
        preHandler: options.preHandler.post,
        schema: {
          tags: options.tags,
          summary: options.summaries.post,
          params,
          ...querystring,
          body: CreateMessageRequestSchema,
          response: { 201: MessageSchema, ...errors },
        },
      },
      async (request, reply) => {
        await options.requireOwn(request, request.params.id);
        const item = { kind: owner, id: request.params.id };
        const author = { author: 'customer' as const, userId: sessionOf(request).user.id };
        const limit = conversationMessageLimit(
          options.settings,
          `${rateLimitBucket[owner]}:${request.params.id}`,
        );
        const id = await postMessage(db, item, author, request.body.body, options.clock(), limit);
        const [posted] = await listMessages(db, translations, item, options.languageOf(request), {
          onlyId: id,
        });
        // Written a moment ago in the same item: only a deleted item could lose it.
        if (!posted) throw new DomainError('request.not_found');
        return reply.code(201).send(posted);
      },
    );
  };
