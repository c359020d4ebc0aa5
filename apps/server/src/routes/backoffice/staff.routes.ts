import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddStaffRequestSchema,
  ApiErrorSchema,
  IdParamsSchema,
  StaffListQuerySchema,
  StaffListSchema,
  StaffMemberSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { requireRecentSignIn, sessionOf } from '../../http/session';
import { addStaffMember, listStaff } from '../../services/accounts/staff';
import { setUserSuspended } from '../../services/accounts/suspension';
import type { SessionCache } from '../../services/auth/session-cache';
import type { Clock } from '../../services/clock';
import { readPage } from '../../services/paging';
import type { Translations } from '../../services/translations';
import type { MailWorker } from '../../mail/worker';

export interface StaffRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  mailWorker: MailWorker;
  clock: Clock;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

/**
 * The provider's side: staff only (a customer is refused 403 whatever their rules). Reading
 * needs `get backoffice`; suspending a user, `manage accounts` (a manager).
 */
export const staffRoutes =
  ({
    db,
    settings,
    translations,
    mailWorker,
    clock,
    requireSession,
    sessionCache,
  }: StaffRoutesDeps): FastifyPluginAsyncZod =>
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
      async (request) => readPage('staff', request.query, (rows) => listStaff(db, rows)),
    );

    app.post(
      '/api/backoffice/staff',
      {
        preHandler: [
          requireSession,
          requireAbility('manage', 'accounts'),
          requireRecentSignIn(clock),
        ],
        schema: {
          tags: ['backoffice'],
          summary:
            'Add a staff member (a new address, or a change of staff role), told by mail how to sign in',
          body: AddStaffRequestSchema,
          response: {
            200: StaffMemberSchema,
            201: StaffMemberSchema,
            400: ApiErrorSchema,
            401: ApiErrorSchema,
            403: ApiErrorSchema,
            409: ApiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        const { outcome, member } = await addStaffMember(
          db,
          { translations, publicUrl: settings.publicUrl },
          {
            ...request.body,
            actor: { userId: user.id, label: user.email },
            now: clock(),
          },
        );
        // A staff role changed ends that person's sessions: no session keeps the old rules.
        sessionCache?.forgetUser(member.id);
        mailWorker.poke();
        return reply.code(outcome === 'created' ? 201 : 200).send(member);
      },
    );

    for (const [verb, suspended] of [
      ['suspend', true],
      ['unsuspend', false],
    ] as const) {
      app.post(
        `/api/backoffice/users/:id/${verb}`,
        {
          // Suspending someone asks a recent sign-in; lifting a suspension does not.
          preHandler: [
            requireSession,
            requireAbility('manage', 'accounts'),
            ...(suspended ? [requireRecentSignIn(clock)] : []),
          ],
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
