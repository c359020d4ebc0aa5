import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  IdParamsSchema,
  ProfileSchema,
  SessionListQuerySchema,
  SessionListSchema,
  SignedOutCountSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
  UpdateProfileRequestSchema,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { requireRecentSignIn, sessionOf, type SessionCookies } from '../../http/session';
import { browserLanguage, requestLanguage } from '../../http/request-language';
import type { MailWorker } from '../../mail/worker';
import type { Clock } from '../../services/clock';
import { toProfile, updateProfile } from '../../services/auth/profiles';
import { issueSignInLink, joinsDemoAccountOnSignUp } from '../../services/auth/issue-sign-in-link';
import { redeemSignInLink } from '../../services/auth/redeem-sign-in-link';
import type { SessionActivity } from '../../services/auth/session-activity';
import type { SessionCache } from '../../services/auth/session-cache';
import {
  endOwnSession,
  endSessionsOf,
  listSessionsOf,
  revokeSession,
  resolveSession,
} from '../../services/auth/sessions';
import { deviceOf } from '../../services/auth/device';
import { passkeyDeadline } from '../../services/auth/passkeys';
import { deleteOwnAccount, exportPersonalData } from '../../services/accounts/personal-data';
import { pageOf, rowsFor } from '../../services/paging';
import type { Translations } from '../../services/translations';
import { errorResponses } from '../../http/error-responses';

export interface UsersRoutesDeps {
  db: Database;
  settings: Settings;
  translations: Translations;
  clock: Clock;
  mailWorker: MailWorker;
  cookies: SessionCookies;
  requireSession: preHandlerAsyncHookHandler;
  /** Where sessions are cached: what changes a session or user here is forgotten at once. */
  sessionCache?: SessionCache;
  /** The "last used" times not written yet: the list of sessions writes them first. */
  sessionActivity?: SessionActivity;
}

const errors = errorResponses(400, 401, 403, 429);

/** Sign-up, sign-in with a one-time link, the session's profile, sign-out. */
export const usersRoutes =
  ({
    db,
    settings,
    translations,
    clock,
    mailWorker,
    cookies,
    requireSession,
    sessionCache,
    sessionActivity,
  }: UsersRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/users/signup',
      {
        schema: {
          tags: ['users'],
          summary:
            'Sign up, or ask for a new sign-in link: the same answer for known and unknown addresses',
          body: SignUpRequestSchema,
          response: { 202: SignUpResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        await issueSignInLink(
          db,
          { settings, translations },
          {
            request: request.body,
            language: requestLanguage(request.headers),
            ip: request.ip,
            now: clock(),
          },
        );
        // Sent in the background: the answer does not wait for the mail server.
        mailWorker.poke();
        return reply.code(202).send({ status: 'sent' });
      },
    );

    app.post(
      '/api/users/signin',
      {
        schema: {
          tags: ['users'],
          summary: 'Spend a sign-in link and open a session (sets the session cookie)',
          body: SignInRequestSchema,
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request, reply) => {
        const now = clock();
        const { user, sessionToken, sessionExpiresAt } = await redeemSignInLink(
          db,
          request.body.hash,
          now,
          request.headers['user-agent'] ?? null,
          // Outside the demo, a proven address of an account's verified domain joins it.
          {
            joinsByDomain: joinsDemoAccountOnSignUp(settings)
              ? undefined
              : { settings, translations },
            browserLanguage: browserLanguage(request.headers),
            ssoSettings: settings,
            staffPasskey: settings.staffPasskey,
          },
        );
        // The user's sign-in time changed: their cached sessions show the old one.
        sessionCache?.forgetUser(user.id);
        // A session the browser already had ends here: one browser, one session.
        const previous = cookies.read(request);
        if (previous) {
          const old = await resolveSession(db, previous, now, { cache: sessionCache });
          if (old) await revokeSession(db, old.sessionId, now, sessionCache);
        }
        cookies.set(reply, sessionToken, sessionExpiresAt);
        return toProfile(user);
      },
    );

    app.get(
      '/api/users/me',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary: 'The signed-in profile',
          response: { 200: ProfileSchema, 401: ApiErrorSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const deadline = await passkeyDeadline(db, settings.staffPasskey, session.user);
        return {
          ...toProfile(session.user),
          signInMethod: session.signInMethod,
          signedInAt: session.authenticatedAt.toISOString(),
          passkeyDeadline: deadline?.toISOString() ?? null,
        };
      },
    );

    app.post(
      '/api/users/me/step-up/link',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary:
            'Mail the signed-in person a fresh sign-in link: opening it proves again who they are',
          body: z.object({}).optional(),
          response: { 202: SignUpResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        await issueSignInLink(
          db,
          { settings, translations },
          {
            request: { email: user.email, company: undefined },
            language: user.locale,
            ip: request.ip,
            now: clock(),
          },
        );
        mailWorker.poke();
        return reply.code(202).send({ status: 'sent' });
      },
    );

    app.patch(
      '/api/users/me',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary: 'Update first name, last name, phone or language',
          body: UpdateProfileRequestSchema,
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) => {
        const user = await updateProfile(db, sessionOf(request).user.id, request.body);
        sessionCache?.forgetUser(user.id);
        return toProfile(user);
      },
    );

    app.get(
      '/api/users/me/sessions',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary: "The user's active sessions (device, created, last used), this one marked",
          querystring: SessionListQuerySchema,
          response: { 200: SessionListSchema, ...errors },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await sessionActivity?.flush();
        const rows = await listSessionsOf(db, session.user.id, clock(), rowsFor(request.query));
        const { items, nextOffset } = pageOf(rows, request.query);
        return {
          sessions: items.map((row) => ({
            id: row.id,
            ...deviceOf(row.userAgent),
            createdAt: row.createdAt.toISOString(),
            lastSeenAt: row.lastSeenAt.toISOString(),
            current: row.id === session.sessionId,
            signInMethod: row.signInMethod,
            signInProvider: row.signInProvider,
          })),
          nextOffset,
        };
      },
    );

    app.delete(
      '/api/users/me/sessions/:id',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary: 'Sign out one of the user’s sessions (this one included)',
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors, 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        await endOwnSession(db, session.user.id, request.params.id, clock(), sessionCache);
        if (request.params.id === session.sessionId) cookies.clear(reply);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/users/me/sessions/signout-others',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary: 'Sign out every other session of the user; this one stays',
          body: z.object({}).optional(),
          response: { 200: SignedOutCountSchema, ...errors },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        const signedOut = await endSessionsOf(db, session.user.id, clock(), session.sessionId);
        sessionCache?.forgetUser(session.user.id);
        return { signedOut };
      },
    );

    app.get(
      '/api/users/me/data',
      {
        preHandler: [requireSession, requireRecentSignIn(clock)],
        schema: {
          tags: ['users'],
          summary: 'Download everything the portal holds about the user, as a JSON file',
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const data = await exportPersonalData(db, sessionOf(request).user, clock());
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', 'attachment; filename="my-portal-data.json"')
          .send(JSON.stringify(data, null, 2));
      },
    );

    app.delete(
      '/api/users/me',
      {
        preHandler: requireSession,
        schema: {
          tags: ['users'],
          summary:
            'Delete the user’s account; their messages stay, signed "former user" (the last admin of a team hands over first)',
          response: { 204: z.null(), ...errors, 409: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const user = sessionOf(request).user;
        await deleteOwnAccount(db, user, clock());
        sessionCache?.forgetUser(user.id);
        cookies.clear(reply);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/users/signout',
      {
        schema: {
          tags: ['users'],
          summary: 'Revoke the session server-side and clear its cookie',
          body: z.object({}).optional(),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const token = cookies.read(request);
        if (token) {
          const session = await resolveSession(db, token, clock(), { cache: sessionCache });
          if (session) await revokeSession(db, session.sessionId, clock(), sessionCache);
        }
        cookies.clear(reply);
        return reply.code(204).send(null);
      },
    );
  };
