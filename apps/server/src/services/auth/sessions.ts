import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { addSeconds } from '../clock';
import type { ActiveSession } from './active-session';
import { SESSION_EXTEND_WITHIN_SECONDS, SESSION_TTL_SECONDS } from './constants';
import type { SessionCache } from './session-cache';
import { generateToken, hashToken } from './tokens';

/** A new session with a fresh random id: an id set before sign-in is never reused (fixation). */
export async function createSession(
  tx: Database | Transaction,
  userId: string,
  now: Date,
  userAgent: string | null = null,
) {
  const token = generateToken();
  const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    // Shown as the device in the list of sessions; a header is the client's to write, so it is
    // kept short.
    userAgent: userAgent?.slice(0, 512) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The session a cookie stands for, if it is neither expired nor revoked. A session used in the
 * last 15 days of its life is extended to 30 days again (same id: the cookie is re-sent).
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<ActiveSession | undefined> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  // A session due for extension goes to the database, which extends it.
  if (cached && secondsLeft(cached.expiresAt, now) >= SESSION_EXTEND_WITHIN_SECONDS) return cached;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const active: ActiveSession = {
    sessionId: row.session.id,
    expiresAt: row.session.expiresAt,
    user: row.user,
  };
  if (secondsLeft(row.session.expiresAt, now) < SESSION_EXTEND_WITHIN_SECONDS) {
    const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
    await db
      .update(sessions)
      .set({ expiresAt, lastSeenAt: now })
      .where(eq(sessions.id, row.session.id));
    active.expiresAt = expiresAt;
    active.renewedToken = token;
  }
  cache?.set(tokenHash, active, now);
  return active;
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
