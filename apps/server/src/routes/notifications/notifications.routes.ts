import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  MarkNotificationsReadSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/session';
import type { Clock } from '../../services/clock';
import { pageOf, rowsFor } from '../../services/paging';
import { listNotifications, markNotificationsRead } from '../../services/workflow/notifications';

export interface NotificationsRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
}

/** The signed-in user's own notifications (customer or staff alike): read them, mark them read. */
export const notificationsRoutes =
  ({ db, clock, requireSession }: NotificationsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/notifications',
      {
        preHandler: requireSession,
        schema: {
          tags: ['notifications'],
          summary: "The user's notifications, newest first, and how many are unread",
          querystring: NotificationListQuerySchema,
          response: { 200: NotificationListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => {
        const { rows, unreadCount } = await listNotifications(
          db,
          sessionOf(request).user.id,
          rowsFor(request.query),
        );
        const { items, nextOffset } = pageOf(rows, request.query);
        return { notifications: items, unreadCount, nextOffset };
      },
    );

    app.post(
      '/api/notifications/read',
      {
        preHandler: requireSession,
        schema: {
          tags: ['notifications'],
          summary: 'Mark notifications read: the listed ones, or all',
          body: MarkNotificationsReadSchema,
          response: { 204: z.null(), 400: ApiErrorSchema, 401: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        await markNotificationsRead(db, sessionOf(request).user.id, request.body.ids, clock());
        return reply.code(204).send(null);
      },
    );
  };
