import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STEP_UP_MAX_AGE_SECONDS } from '@portal/contract';
import type { Settings } from '../config/env';
import type { Database } from '../db/client';
import type { Clock } from '../services/clock';
import type { ActiveSession } from '../services/auth/active-session';
import {
  isSuspendedSessionToken,
  resolveSession,
  type SessionResolution,
} from '../services/auth/sessions';
import { DomainError } from '../services/domain-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, once `requireSession` ran. */
    session: ActiveSession | undefined;
  }
}

/** `__Host-` binds the cookie to our exact origin over https. */
export function sessionCookieName(settings: Settings): string {
  return settings.publicUrl.protocol === 'https:' ? '__Host-session' : 'session';
}

export interface SessionCookies {
  set(reply: FastifyReply, token: string, expiresAt: Date): void;
  clear(reply: FastifyReply): void;
  read(request: FastifyRequest): string | undefined;
}

export async function registerSessions(
  app: FastifyInstance,
  settings: Settings,
  db: Database,
  clock: Clock,
  resolution: SessionResolution = {},
): Promise<{
  cookies: SessionCookies;
  requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}> {
  await app.register(fastifyCookie);
  app.decorateRequest('session', undefined);
  const name = sessionCookieName(settings);
  const secure = settings.publicUrl.protocol === 'https:';
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };

  const cookies: SessionCookies = {
    set: (reply, token, expiresAt) =>
      void reply.setCookie(name, token, { ...options, expires: expiresAt }),
    clear: (reply) => void reply.clearCookie(name, options),
    read: (request) => request.cookies[name],
  };

  /** preHandler of every signed-in route: 401 without a live session. */
  async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = cookies.read(request);
    const session = token ? await resolveSession(db, token, clock(), resolution) : undefined;
    if (!session) {
      if (!token) throw new DomainError('auth.unauthenticated');
      cookies.clear(reply);
      // A suspended user's old cookie gets its own answer, so the SPA can say why.
      throw new DomainError(
        (await isSuspendedSessionToken(db, token)) ? 'auth.suspended' : 'auth.unauthenticated',
      );
    }
    if (session.renewedToken) cookies.set(reply, session.renewedToken, session.expiresAt);
    request.session = session;
  }

  return { cookies, requireSession };
}

/**
 * The session `requireSession` put on the request. A route that forgot that preHandler answers
 * 401 instead of reading a session that is not there.
 */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new DomainError('auth.unauthenticated');
  return request.session;
}

/** The signed-in customer's account; null for staff and a user not yet attached to one. */
export const accountOf = (request: { session?: { user: { accountId: string | null } } }) =>
  request.session?.user.accountId ?? null;

/** The sites the signed-in customer is limited to; null for all the account's sites. */
export const sitesOf = (request: { session?: { user: { siteIds: string[] | null } } }) =>
  request.session?.user.siteIds ?? null;

/**
 * preHandler of a sensitive action (an API key, a webhook, a role, a suspension, a personal data
 * export), after `requireSession` and the permission check: the session's person must have
 * proved who they are within the last ten minutes, else `auth.step_up_required`.
 */
export function requireRecentSignIn(clock: Clock) {
  return async function recentSignIn(request: FastifyRequest): Promise<void> {
    const { authenticatedAt } = sessionOf(request);
    if (clock().getTime() - authenticatedAt.getTime() > STEP_UP_MAX_AGE_SECONDS * 1000) {
      throw new DomainError('auth.step_up_required');
    }
  };
}
