import fastifyMultipart from '@fastify/multipart';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ATTACHMENT_MAX_BYTES,
  AssignRequestSchema,
  AttachmentSchema,
  CreateNoteRequestSchema,
  InboxQuerySchema,
  InboxSchema,
  LanguageQuerySchema,
  StaffPreferencesSchema,
  StaffReplyRequestSchema,
  StaffTransitionRequestSchema,
  WorkItemDetailSchema,
  WorkItemParamsSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { MailWorker } from '../../mail/worker';
import type { Clock } from '../../services/clock';
import { pageOf, rowsFor } from '../../services/paging';
import type { Translations } from '../../services/translations';
import { listInbox } from '../../services/workflow/inbox';
import { getWorkItemDetail } from '../../services/workflow/item-detail';
import {
  addNote,
  assignItem,
  attachStaffFile,
  claimItem,
  getStaffPreferences,
  postStaffReply,
  setStaffPreferences,
} from '../../services/workflow/staff-work';
import { applyTransition, expireOffers } from '../../services/workflow/transitions';
import { markReadBy } from '../../services/workflow/work-items';
import { sendAttachment } from '../../http/attachment-reply';
import { errorResponses } from '../../http/error-responses';
import type { AttachmentStore } from '../../services/refill/attachment-store';
import { DomainError } from '../../services/domain-error';
import { readAttachment } from '../../services/refill/attachments';
import { notifyDepsOf } from '../../services/workflow/notify';

export interface InboxRoutesDeps {
  db: Database;
  /** Where attachments' bytes are kept. */
  files: AttachmentStore;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker?: MailWorker;
  requireSession: preHandlerAsyncHookHandler;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The provider's inbox and the work on its items: staff only (a customer is refused 403).
 * Reading needs `get backoffice`; claiming, assigning, moving, replying and noting need
 * `work backoffice`.
 */
export const inboxRoutes =
  ({
    db,
    files,
    settings,
    translations,
    clock,
    mailWorker,
    requireSession,
  }: InboxRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    const read = [requireSession, requireAbility('get', 'backoffice')];
    const work = [requireSession, requireAbility('work', 'backoffice')];
    const notify = notifyDepsOf(settings, translations);
    const detailOf = (
      itemId: string,
      user: { id: string; locale: 'fr' | 'en' },
      lang?: 'fr' | 'en',
    ) =>
      getWorkItemDetail(db, translations, {
        itemId,
        userId: user.id,
        locale: lang ?? user.locale,
        now: clock(),
        taxRateBasisPoints: settings.taxRateBasisPoints,
      });

    app.get(
      '/api/backoffice/inbox',
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary:
            'Refill requests and quotes of every account, oldest waiting first, filtered, with unread and overdue marks and the counts per filter',
          querystring: InboxQuerySchema,
          response: { 200: InboxSchema, ...errors },
        },
      },
      async (request) => {
        const now = clock();
        await expireOffers(db, notify, now);
        const { limit, offset, ...filter } = request.query;
        const { rows, counts } = await listInbox(
          db,
          filter,
          sessionOf(request).user.id,
          now,
          rowsFor({ limit, offset }),
        );
        const { items, nextOffset } = pageOf(rows, { limit, offset });
        return { items, nextOffset, counts };
      },
    );

    app.get(
      '/api/backoffice/preferences',
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary: "The signed-in staff member's notification choice",
          response: { 200: StaffPreferencesSchema, ...errors },
        },
      },
      async (request) => getStaffPreferences(db, sessionOf(request).user.id),
    );

    app.put(
      '/api/backoffice/preferences',
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary: 'Choose one mail per change, or one daily digest',
          body: StaffPreferencesSchema,
          response: { 200: StaffPreferencesSchema, ...errors },
        },
      },
      async (request) => {
        const userId = sessionOf(request).user.id;
        await setStaffPreferences(db, userId, request.body);
        return getStaffPreferences(db, userId);
      },
    );

    app.get(
      '/api/backoffice/items/:id',
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary:
            'One item: details, offer, the actions its state allows, timeline, internal notes and conversation (read by staff from now)',
          params: WorkItemParamsSchema,
          querystring: LanguageQuerySchema,
          response: { 200: WorkItemDetailSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        const detail = await detailOf(request.params.id, user, request.query.lang);
        await markReadBy(db, 'staff', [request.params.id], clock());
        return { ...detail, unread: false };
      },
    );

    app.post(
      '/api/backoffice/items/:id/claim',
      {
        preHandler: work,
        schema: {
          tags: ['backoffice'],
          summary: 'Take an item; if another staff member holds it, 409 workflow.already_claimed',
          params: WorkItemParamsSchema,
          querystring: LanguageQuerySchema,
          body: z.object({}).optional(),
          response: { 200: WorkItemDetailSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        await claimItem(db, { itemId: request.params.id, userId: user.id, now: clock() });
        return detailOf(request.params.id, user, request.query.lang);
      },
    );

    app.post(
      '/api/backoffice/items/:id/assign',
      {
        preHandler: work,
        schema: {
          tags: ['backoffice'],
          summary: 'Assign an item to a staff member, or to nobody (null)',
          params: WorkItemParamsSchema,
          querystring: LanguageQuerySchema,
          body: AssignRequestSchema,
          response: { 200: WorkItemDetailSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        await assignItem(db, {
          itemId: request.params.id,
          assigneeUserId: request.body.assigneeUserId,
          actorUserId: user.id,
          now: clock(),
        });
        return detailOf(request.params.id, user, request.query.lang);
      },
    );

    app.post(
      '/api/backoffice/items/:id/transition',
      {
        preHandler: work,
        schema: {
          tags: ['backoffice'],
          summary:
            'Move an item along its lifecycle; 409 workflow.transition_not_allowed from a state that does not allow it, a replay changes nothing',
          params: WorkItemParamsSchema,
          querystring: LanguageQuerySchema,
          body: StaffTransitionRequestSchema,
          response: { 200: WorkItemDetailSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        const { action, ...payload } = request.body;
        const { changed } = await applyTransition(db, notify, {
          itemId: request.params.id,
          action,
          actor: { side: 'staff', userId: user.id },
          payload,
          accountId: null,
          now: clock(),
        });
        if (changed) mailWorker?.poke();
        return detailOf(request.params.id, user, request.query.lang);
      },
    );

    // A text staff write on an item, to the customer or only to colleagues: 201 with the item's
    // detail as it now stands.
    const staffTexts = [
      {
        path: '/api/backoffice/items/:id/messages',
        summary: "Answer in the item's conversation with the customer, as customer service",
        body: StaffReplyRequestSchema,
        write: postStaffReply,
      },
      {
        path: '/api/backoffice/items/:id/notes',
        summary: 'Leave an internal note on an item: staff only, never shown to the customer',
        body: CreateNoteRequestSchema,
        write: addNote,
      },
    ];
    for (const { path, summary, body, write } of staffTexts) {
      app.post(
        path,
        {
          preHandler: work,
          schema: {
            tags: ['backoffice'],
            summary,
            params: WorkItemParamsSchema,
            querystring: LanguageQuerySchema,
            body,
            response: { 201: WorkItemDetailSchema, ...errors },
          },
        },
        async (request, reply) => {
          const user = sessionOf(request).user;
          await write(db, {
            itemId: request.params.id,
            userId: user.id,
            body: request.body.body,
            now: clock(),
            ...('seenMessages' in request.body ? { seenMessages: request.body.seenMessages } : {}),
          });
          return reply.code(201).send(await detailOf(request.params.id, user, request.query.lang));
        },
      );
    }

    app.post(
      '/api/backoffice/items/:id/attachments',
      {
        preHandler: work,
        schema: {
          tags: ['backoffice'],
          summary:
            'Attach a PDF, PNG or JPEG (≤ 5 MB, checked by content) to a refill request as customer service, multipart field `file`',
          params: WorkItemParamsSchema,
          response: { 201: AttachmentSchema, ...errorResponses(413, 415) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new DomainError('request.unsupported_media_type');
        const file = await request.file();
        if (!file) {
          throw new DomainError('request.invalid', [
            { field: 'file', errorCode: 'field.required' },
          ]);
        }
        const attachment = await attachStaffFile(db, {
          itemId: request.params.id,
          files,
          quotas: settings.quotas,
          // Busboy stops at the size limit and marks the stream truncated.
          file: {
            fileName: file.filename,
            content: file.file,
            isTruncated: () => file.file.truncated,
          },
          now: clock(),
        });
        return reply.code(201).send(attachment);
      },
    );

    app.get(
      '/api/backoffice/items/:id/attachments/:attachmentId',
      {
        preHandler: read,
        schema: {
          tags: ['backoffice'],
          summary: "Download a refill request's attachment (as a file, never rendered inline)",
          params: z.object({ id: z.uuid(), attachmentId: z.uuid() }),
        },
      },
      async (request, reply) => {
        const file = await readAttachment(db, {
          files,
          requestId: request.params.id,
          attachmentId: request.params.attachmentId,
        });
        return sendAttachment(reply, file);
      },
    );
  };
