import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  StaffListQuerySchema,
  StaffListSchema,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import { listStaff } from '../../services/accounts/staff';
import { setUserSuspended } from '../../services/accounts/suspension';
import type { SessionCache } from '../../services/auth/session-cache';
import type { Clock } from '../../services/clock';
import { pageOf, rowsFor } from '../../services/paging';

export interface StaffRoutesDeps {
  db: Database;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

/**
 * The provider's side: staff only (a customer is refused 403 whatever their rules). Reading
 * needs `get backoffice`; suspending a user, `manage accounts` (a manager).
 */
export const staffRoutes =
  ({ db, clock, requireSession, sessionCache }: StaffRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/backoffice/staff',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags: ['backoffice'],
          summary: "The provider's staff, by e-mail, a page at a time",
          querystring: StaffListQuerySchema,
          response: { 200: StaffListSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
        },
      },
      async (request) => {
        const { items, nextOffset } = pageOf(
          await listStaff(db, rowsFor(request.query)),
          request.query,
        );
        return { staff: items, nextOffset };
      },
    );

    for (const [verb, suspended] of [
      ['suspend', true],
      ['unsuspend', false],
    ] as const) {
      app.post(
        `/api/backoffice/users/:id/${verb}`,
        {
          preHandler: [requireSession, requireAbility('manage', 'accounts')],
          schema: {
            tags: ['backoffice'],
            summary: suspended
              ? 'Suspend a user: their sessions end at once, no sign-in until lifted'
              : "Lift a user's suspension",
            params: IdParamsSchema,
            body: z.object({}).optional(),
            response: {
              204: z.null(),
              401: ApiErrorSchema,
              403: ApiErrorSchema,
              404: ApiErrorSchema,
            },
          },
        },
        async (request, reply) => {
          const user = sessionOf(request).user;
          await setUserSuspended(db, {
            userId: request.params.id,
            suspended,
            actor: { userId: user.id, label: user.email },
            now: clock(),
          });
          sessionCache?.forgetUser(request.params.id);
          return reply.code(204).send(null);
        },
      );
    }
  };
