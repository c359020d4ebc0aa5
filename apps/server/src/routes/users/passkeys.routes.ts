import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPasskeyRequestSchema,
  IdParamsSchema,
  PasskeyAssertionRequestSchema,
  PasskeyListSchema,
  PasskeyOptionsSchema,
  PasskeySchema,
  ProfileSchema,
  RenamePasskeyRequestSchema,
} from '@portal/contract';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { errorResponses } from '../../http/error-responses';
import { sessionOf, type SessionCookies } from '../../http/session';
import type { Clock } from '../../services/clock';
import { DomainError } from '../../services/domain-error';
import {
  auditPasskey,
  finishRegistration,
  listPasskeys,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  startAuthentication,
  startRegistration,
  verifyAssertion,
} from '../../services/auth/passkeys';
import { toProfile } from '../../services/auth/profiles';
import type { SessionCache } from '../../services/auth/session-cache';
import {
  createSession,
  markReauthenticated,
  resolveSession,
  revokeSession,
} from '../../services/auth/sessions';

export interface PasskeysRoutesDeps {
  db: Database;
  settings: Settings;
  clock: Clock;
  cookies: SessionCookies;
  requireSession: preHandlerAsyncHookHandler;
  sessionCache?: SessionCache;
}

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Passkeys: a person adds, names and removes theirs; anyone signs in with one (no address
 * typed), and a signed-in person proves again who they are with one (step-up). Each challenge
 * is bound to the browser by a cookie of its own and spent by its first answer.
 */
export const passkeysRoutes =
  ({
    db,
    settings,
    clock,
    cookies,
    requireSession,
    sessionCache,
  }: PasskeysRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const rp = relyingPartyOf(settings);
    const secure = settings.publicUrl.protocol === 'https:';
    const challengeCookie = secure ? '__Host-passkey-challenge' : 'passkey-challenge';
    const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, path: '/', secure };
    const setChallenge = (reply: FastifyReply, cookie: string, expiresAt: Date) =>
      void reply.setCookie(challengeCookie, cookie, { ...cookieOptions, expires: expiresAt });
    const takeChallenge = (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(challengeCookie, cookieOptions);
      return request.cookies[challengeCookie];
    };

    app.get(
      '/api/users/me/passkeys',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: "The signed-in person's passkeys, oldest first (never their keys)",
          response: { 200: PasskeyListSchema, ...errors },
        },
      },
      async (request) => ({ passkeys: await listPasskeys(db, sessionOf(request).user.id) }),
    );

    app.post(
      '/api/users/me/passkeys/options',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Start adding a passkey: the options for the browser to create one',
          body: z.object({}).optional(),
          response: { 200: PasskeyOptionsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const start = await startRegistration(db, rp, session.user, session.sessionId, clock());
        setChallenge(reply, start.cookie, start.expiresAt);
        return { options: start.options };
      },
    );

    app.post(
      '/api/users/me/passkeys',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Finish adding a passkey: the browser’s answer, and the name it goes by',
          body: AddPasskeyRequestSchema,
          response: { 201: PasskeySchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const passkey = await finishRegistration(db, rp, {
          user: session.user,
          sessionId: session.sessionId,
          cookie: takeChallenge(request, reply),
          name: request.body.name,
          credential: request.body.credential as RegistrationResponseJSON,
          now: clock(),
        });
        return reply.code(201).send(passkey);
      },
    );

    app.patch(
      '/api/users/me/passkeys/:id',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Rename one of the person’s passkeys',
          params: IdParamsSchema,
          body: RenamePasskeyRequestSchema,
          response: { 200: PasskeySchema, ...errors },
        },
      },
      async (request) =>
        renamePasskey(db, sessionOf(request).user.id, request.params.id, request.body.name),
    );

    app.delete(
      '/api/users/me/passkeys/:id',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Remove one of the person’s passkeys: it signs no one in any more',
          params: IdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removePasskey(db, sessionOf(request).user, request.params.id, clock());
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/passkeys/sign-in/options',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Start signing in with a passkey: a challenge, no address asked',
          body: z.object({}).optional(),
          response: { 200: PasskeyOptionsSchema, ...errors },
        },
      },
      async (_request, reply) => {
        const start = await startAuthentication(db, rp, 'sign_in', null, clock());
        setChallenge(reply, start.cookie, start.expiresAt);
        return { options: start.options };
      },
    );

    app.post(
      '/api/passkeys/sign-in',
      {
        schema: {
          tags: ['passkeys'],
          summary: 'Sign in with a passkey’s answer (sets the session cookie)',
          body: PasskeyAssertionRequestSchema,
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request, reply) => {
        const now = clock();
        const { user } = await verifyAssertion(db, rp, {
          cookie: takeChallenge(request, reply),
          purpose: 'sign_in',
          sessionId: null,
          credential: request.body.credential as AuthenticationResponseJSON,
          now,
        });
        const { signedIn, session } = await db.transaction(async (tx) => {
          // A suspended person, or one of a suspended account, opens no session.
          const [account] = user.accountId
            ? await tx
                .select({ suspendedAt: accounts.suspendedAt })
                .from(accounts)
                .where(eq(accounts.id, user.accountId))
            : [];
          if (user.suspendedAt || account?.suspendedAt) throw new DomainError('auth.suspended');
          const [updated] = await tx
            .update(users)
            .set({ lastSignInAt: now })
            .where(eq(users.id, user.id))
            .returning();
          const opened = await createSession(
            tx,
            user.id,
            now,
            request.headers['user-agent'] ?? null,
            { method: 'passkey' },
          );
          return { signedIn: updated ?? user, session: opened };
        });
        const previous = cookies.read(request);
        if (previous) {
          const old = await resolveSession(db, previous, now, { cache: sessionCache });
          if (old) await revokeSession(db, old.sessionId, now, sessionCache);
        }
        sessionCache?.forgetUser(user.id);
        cookies.set(reply, session.token, session.expiresAt);
        return toProfile(signedIn);
      },
    );

    app.post(
      '/api/users/me/step-up/options',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Start proving again who you are with one of your passkeys',
          body: z.object({}).optional(),
          response: { 200: PasskeyOptionsSchema, ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const start = await startAuthentication(
          db,
          rp,
          'step_up',
          { sessionId: session.sessionId, userId: session.user.id },
          clock(),
        );
        setChallenge(reply, start.cookie, start.expiresAt);
        return { options: start.options };
      },
    );

    app.post(
      '/api/users/me/step-up',
      {
        preHandler: requireSession,
        schema: {
          tags: ['passkeys'],
          summary: 'Prove again who you are with a passkey: sensitive actions open for ten minutes',
          body: PasskeyAssertionRequestSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const now = clock();
        const { passkey } = await verifyAssertion(db, rp, {
          cookie: takeChallenge(request, reply),
          purpose: 'step_up',
          sessionId: session.sessionId,
          expectedUserId: session.user.id,
          credential: request.body.credential as AuthenticationResponseJSON,
          now,
        });
        const renewed = await db.transaction(async (tx) => {
          const next = await markReauthenticated(tx, session.sessionId, now);
          await auditPasskey(tx, session.user, 'passkey.used_for_step_up', passkey, now);
          return next;
        });
        sessionCache?.forgetSession(session.sessionId);
        cookies.set(reply, renewed.token, renewed.expiresAt);
        return reply.code(204).send(null);
      },
    );
  };
