import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ApproveRegistrationSchema,
  IdParamsSchema,
  RegistrationListQuerySchema,
  RegistrationListSchema,
  RegistrationRequestInputSchema,
  RegistrationStateSchema,
  RejectRegistrationSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireAbility } from '../../http/ability';
import { sessionOf } from '../../http/session';
import type { MailWorker } from '../../mail/worker';
import type { Actor } from '../../services/accounts/audit';
import {
  approveRegistration,
  listRegistrations,
  registrationStateOf,
  rejectRegistration,
  submitRegistration,
} from '../../services/accounts/registration';
import type { SessionCache } from '../../services/auth/session-cache';
import type { Clock } from '../../services/clock';
import { readPage } from '../../services/paging';
import type { Translations } from '../../services/translations';
import { errorResponses } from '../../http/error-responses';

export interface RegistrationsRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Registration requests: a signed-in user of no account reads where they stand and says who they
 * are (any signed-in user); staff list the requests (`get backoffice`) and approve them into a
 * new or an existing account or reject them with a reason (`manage accounts`), which mails the
 * user either way.
 */
export const registrationsRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    requireSession,
    sessionCache,
  }: RegistrationsRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const actorOf = (request: FastifyRequest): Actor => {
      const user = sessionOf(request).user;
      return { userId: user.id, label: user.email };
    };

    app.get(
      '/api/registration',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['users'],
          summary: 'Where the signed-in user stands: in an account, awaiting approval, or not yet',
          response: { 200: RegistrationStateSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => registrationStateOf(db, sessionOf(request).user),
    );

    app.post(
      '/api/registration',
      {
        preHandler: [requireSession],
        schema: {
          tags: ['users'],
          summary: 'A user of no account asks to be let in: company, site, phone',
          body: RegistrationRequestInputSchema,
          response: { 200: RegistrationStateSchema, ...errors },
        },
      },
      async (request) => {
        const user = sessionOf(request).user;
        await submitRegistration(db, user, request.body, clock());
        return registrationStateOf(db, user);
      },
    );

    app.get(
      '/api/backoffice/registrations',
      {
        preHandler: [requireSession, requireAbility('get', 'backoffice')],
        schema: {
          tags: ['backoffice'],
          summary: 'Registration requests in one status, oldest waiting first',
          querystring: RegistrationListQuerySchema,
          response: { 200: RegistrationListSchema, ...errors },
        },
      },
      async (request) =>
        readPage('registrations', request.query, (rows) =>
          listRegistrations(db, request.query.status, rows),
        ),
    );

    app.post(
      '/api/backoffice/registrations/:id/approve',
      {
        preHandler: [requireSession, requireAbility('manage', 'accounts')],
        schema: {
          tags: ['backoffice'],
          summary: 'Approve a request into an existing account or a new one; the user is mailed',
          params: IdParamsSchema,
          body: ApproveRegistrationSchema,
          response: { 200: z.object({ accountId: z.uuid() }), ...errors },
        },
      },
      async (request) => {
        const { userId, accountId } = await approveRegistration(
          db,
          { settings, translations },
          { id: request.params.id, ...request.body, actor: actorOf(request), now: clock() },
        );
        sessionCache?.forgetUser(userId);
        mailWorker.poke();
        return { accountId };
      },
    );

    app.post(
      '/api/backoffice/registrations/:id/reject',
      {
        preHandler: [requireSession, requireAbility('manage', 'accounts')],
        schema: {
          tags: ['backoffice'],
          summary: 'Reject a request with a reason; the user is mailed',
          params: IdParamsSchema,
          body: RejectRegistrationSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await rejectRegistration(
          db,
          { translations },
          {
            id: request.params.id,
            reason: request.body.reason,
            actor: actorOf(request),
            now: clock(),
          },
        );
        mailWorker.poke();
        return reply.code(204).send(null);
      },
    );
  };
