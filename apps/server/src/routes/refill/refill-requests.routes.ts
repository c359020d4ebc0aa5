import fastifyMultipart from '@fastify/multipart';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  AttachmentSchema,
  CreateRefillRequestSchema,
  RefillRequestListQuerySchema,
  RefillRequestListSchema,
  RefillRequestSchema,
  RefillRequestTransitionRequestSchema,
  RequestIdParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { accountOf, sessionOf, sitesOf } from '../../http/session';
import { customerItemRoutes } from './customer-item.routes';
import type { AttachmentStore } from '../../services/refill/attachment-store';
import { DomainError } from '../../services/domain-error';
import type { Clock } from '../../services/clock';
import { readAttachment, storeAttachment } from '../../services/refill/attachments';
import { safeTimeZone } from '../../services/refill/delivery-date';
import {
  createRefillRequest,
  listRefillRequests,
  requireOwnRequest,
} from '../../services/refill/refill-requests';
import type { Translations } from '../../services/translations';
import { sendAttachment } from '../../http/attachment-reply';
import { errorResponses } from '../../http/error-responses';
import { notifyDepsOf } from '../../services/workflow/notify';

export interface RefillRequestsRoutesDeps {
  db: Database;
  /** Where attachments' bytes are kept. */
  files: AttachmentStore;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/** Refill requests, their conversation and attachments, for the user's account only. */
export const refillRequestsRoutes =
  ({
    db,
    files,
    settings,
    translations,
    clock,
    requireSession,
  }: RefillRequestsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    // Reading needs `get refill`; requesting, writing and attaching need `order refill`.
    const preHandler = [requireSession, requireAbility('get', 'refill')];
    const orderHandler = [requireSession, requireAbility('order', 'refill')];

    await app.register(
      customerItemRoutes({
        db,
        settings,
        translations,
        clock,
        preHandler: { read: preHandler, order: orderHandler },
        errors,
        kind: 'refill_request',
        owner: 'request',
        path: '/api/refill/requests',
        listKey: 'requests',
        schemas: {
          listQuery: RefillRequestListQuerySchema,
          list: RefillRequestListSchema,
          item: RefillRequestSchema,
          transition: RefillRequestTransitionRequestSchema,
        },
        summaries: {
          list: "The account's refill requests, newest first, a page at a time",
          transition:
            'Cancel a refill request while it is only submitted; a replay changes nothing',
          conversation: {
            list: "A refill request's conversation with customer service",
            post: 'Write to customer service about a refill request',
          },
        },
        list: listRefillRequests,
        requireOwn: requireOwnRequest,
      }),
    );

    app.post(
      '/api/refill/requests',
      {
        preHandler: orderHandler,
        schema: {
          tags: ['refill'],
          summary: 'Send a refill request; a repeated Idempotency-Key answers the first request',
          headers: z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{8,100}$/) }),
          body: CreateRefillRequestSchema,
          response: { 201: RefillRequestSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        const created = await createRefillRequest(db, translations, {
          accountId: accountOf(request),
          userId: user.id,
          locale: user.locale,
          idempotencyKey: request.headers['idempotency-key'],
          input: request.body,
          timeZone: safeTimeZone(request.headers.timezone as string | undefined),
          now: clock(),
          sitesInScope: sitesOf(request),
          notify: notifyDepsOf(settings, translations),
        });
        return reply.code(201).send(created);
      },
    );

    app.post(
      '/api/refill/requests/:id/attachments',
      {
        preHandler: orderHandler,
        schema: {
          tags: ['refill'],
          summary:
            'Attach a PDF, PNG or JPEG (≤ 5 MB, checked by content) as multipart field `file`',
          params: RequestIdParamsSchema,
          response: { 201: AttachmentSchema, ...errors },
        },
      },
      async (request, reply) => {
        await requireOwnRequest(db, accountOf(request), request.params.id, sitesOf(request));
        if (!request.isMultipart()) throw new DomainError('request.unsupported_media_type');
        const file = await request.file();
        if (!file)
          throw new DomainError('request.invalid', [
            { field: 'file', errorCode: 'field.required' },
          ]);
        const attachment = await storeAttachment(db, {
          files,
          // requireOwnRequest above found the request in this account.
          accountId: accountOf(request)!,
          quotas: settings.quotas,
          requestId: request.params.id,
          // Busboy stops at the size limit and marks the stream truncated.
          file: {
            fileName: file.filename,
            content: file.file,
            isTruncated: () => file.file.truncated,
          },
          now: clock(),
          author: 'customer',
        });
        return reply.code(201).send(attachment);
      },
    );

    app.get(
      '/api/refill/requests/:id/attachments/:attachmentId',
      {
        preHandler,
        schema: {
          tags: ['refill'],
          summary: 'Download an attachment (as a file, never rendered inline)',
          params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        await requireOwnRequest(db, accountOf(request), request.params.id, sitesOf(request));
        const file = await readAttachment(db, {
          files,
          requestId: request.params.id,
          attachmentId: request.params.attachmentId,
        });
        return sendAttachment(reply, file);
      },
    );
  };
