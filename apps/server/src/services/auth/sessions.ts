import { and, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { SignInMethod } from '@portal/contract';
import { DomainError } from '../domain-error';
import type { Database, Transaction } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema';
import { addSeconds } from '../clock';
import type { ActiveSession } from './active-session';
import { SESSION_EXTEND_WITHIN_SECONDS, SESSION_TTL_SECONDS } from './constants';
import type { SessionActivity } from './session-activity';
import type { SessionCache } from './session-cache';
import { generateToken, hashToken } from './tokens';

/** How stale a session's "last used" time may be. */
const LAST_SEEN_PRECISION_MS = 5 * 60_000;

/** How a session's person proved who they are; `provider` names the single sign-on provider. */
export interface SessionSignIn {
  method: SignInMethod;
  provider?: string;
}

/** A new session with a fresh random id: an id set before sign-in is never reused (fixation). */
export async function createSession(
  tx: Database | Transaction,
  userId: string,
  now: Date,
  userAgent: string | null = null,
  { method, provider }: SessionSignIn = { method: 'link' },
) {
  const token = generateToken();
  const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    signInMethod: method,
    signInProvider: provider ?? null,
    authenticatedAt: now,
    // Shown as the device in the list of sessions; a header is the client's to write, so it is
    // kept short.
    userAgent: userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/** A session's new cookie after its person proved again who they are. */
export interface RenewedSession {
  token: string;
  expiresAt: Date;
}

/**
 * The person of a live session proved again who they are (a step-up by single sign-on, by the
 * same user): the session's `authenticated_at` becomes `now`, its sign-in method the one just
 * used, and it takes a new token (the one it had signs nothing in any more), instead of a second
 * session opening. Answers the new cookie, or undefined when the session was not the user's or
 * not live; the caller forgets the session in the session cache.
 */
export async function reauthenticateSession(
  tx: Database | Transaction,
  sessionId: string,
  userId: string,
  now: Date,
  { method, provider }: SessionSignIn,
): Promise<RenewedSession | undefined> {
  const token = generateToken();
  const [refreshed] = await tx
    .update(sessions)
    .set({
      tokenHash: hashToken(token),
      authenticatedAt: now,
      signInMethod: method,
      signInProvider: provider ?? null,
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ expiresAt: sessions.expiresAt });
  return refreshed && { token, expiresAt: refreshed.expiresAt };
}

/** Where a resolved session is kept, and where its use is written down. */
export interface SessionResolution {
  cache?: SessionCache;
  /** Without it, "last used" is written at once. */
  activity?: SessionActivity;
}

/**
 * The session a cookie stands for, if it is neither expired nor revoked. A session used in the
 * last 15 days of its life is extended to 30 days again (same id: the cookie is re-sent).
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date,
  { cache, activity }: SessionResolution = {},
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  // A session due for extension goes to the database, which extends it.
  if (cached && secondsLeft(cached.expiresAt, now) >= SESSION_EXTEND_WITHIN_SECONDS) {
    await noteUse(db, cached, now, activity);
    return cached;
  }
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        // A suspended user, or a user of a suspended account, has no live session.
        isNull(users.suspendedAt),
        isNull(accounts.suspendedAt),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const active: ActiveSession = {
    sessionId: row.session.id,
    expiresAt: row.session.expiresAt,
    lastSeenAt: row.session.lastSeenAt,
    user: row.user,
    signInMethod: row.session.signInMethod,
    authenticatedAt: row.session.authenticatedAt,
  };
  if (secondsLeft(row.session.expiresAt, now) < SESSION_EXTEND_WITHIN_SECONDS) {
    const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
    await db
      .update(sessions)
      .set({ expiresAt, lastSeenAt: now })
      .where(eq(sessions.id, row.session.id));
    active.expiresAt = expiresAt;
    active.lastSeenAt = now;
    active.renewedToken = token;
  } else {
    await noteUse(db, active, now, activity);
  }
  cache?.set(tokenHash, active, now);
  return active;
}

/**
 * "Last used" in the list of sessions, to within a few minutes: a write per session every few
 * minutes at most, not one per request, and batched with other sessions' when it can be.
 */
async function noteUse(
  db: Database,
  session: ActiveSession,
  now: Date,
  activity: SessionActivity | undefined,
): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() <= LAST_SEEN_PRECISION_MS) return;
  session.lastSeenAt = now;
  if (activity) activity.touch(session.sessionId, now);
  else await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.sessionId));
}

/**
 * Whether a cookie that opened no session is the old cookie of a suspended user (or of a user
 * of a suspended account): they are told so, instead of being asked to sign in again. Asked only
 * once the cookie failed, so a live session costs nothing more.
 */
export async function isSuspendedSessionToken(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        or(isNotNull(users.suspendedAt), isNotNull(accounts.suspendedAt)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The live sessions of a user, most recently used first, a page at a time. */
export async function listSessionsOf(
  db: Database,
  userId: string,
  now: Date,
  { limit, offset }: { limit: number; offset: number },
) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      signInMethod: sessions.signInMethod,
      signInProvider: sessions.signInProvider,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt), desc(sessions.id))
    .limit(limit)
    .offset(offset);
}

/** Ends one live session of the user; 404 for anyone else's or an ended one. */
export async function endOwnSession(
  db: Database,
  userId: string,
  sessionId: string,
  now: Date,
  cache?: SessionCache,
): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new DomainError('request.not_found');
  cache?.forgetSession(sessionId);
}

/**
 * The session's person proved again who they are (a passkey, a fresh link): sensitive actions
 * are open to it for the next few minutes.
 */
export async function markReauthenticated(
  tx: Database | Transaction,
  sessionId: string,
  now: Date,
  cache?: SessionCache,
): Promise<RenewedSession> {
  // A new token as the person proves again who they are: the one it had signs nothing in.
  const token = generateToken();
  const [row] = await tx
    .update(sessions)
    .set({ tokenHash: hashToken(token), authenticatedAt: now })
    .where(eq(sessions.id, sessionId))
    .returning({ expiresAt: sessions.expiresAt });
  cache?.forgetSession(sessionId);
  if (!row) throw new Error('the session stepped up was not found');
  return { token, expiresAt: row.expiresAt };
}

const secondsLeft = (expiresAt: Date, now: Date) => (expiresAt.getTime() - now.getTime()) / 1000;

export async function revokeSession(
  db: Database,
  sessionId: string,
  now: Date,
  cache?: SessionCache,
): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
  cache?.forgetSession(sessionId);
}

/**
 * Ends every live session of a user at once (removed, suspended, deleted, or signing out
 * elsewhere), except `exceptSessionId`. Answers how many ended. The caller forgets the user in
 * the session cache once its transaction committed.
 */
export async function endSessionsOf(
  tx: Database | Transaction,
  userId: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return ended.length;
}
