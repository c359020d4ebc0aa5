import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { accounts, signInLinks, users } from '../../db/schema';
import { DomainError } from '../domain-error';
import type { UserRow } from './active-session';
import { createSession } from './sessions';
import { hashToken } from './tokens';

/**
 * Spends a sign-in link and opens a session. The spend is one conditional UPDATE … RETURNING, so
 * of any number of concurrent redemptions exactly one gets the row; the others see it used.
 * Redeeming voids the user's other unused links, under a lock on the user's row.
 */
export async function redeemSignInLink(
  db: Database,
  token: string,
  now: Date,
  userAgent: string | null = null,
): Promise<{ user: UserRow; sessionToken: string; sessionExpiresAt: Date }> {
  return db.transaction(async (tx) => {
    const tokenHash = hashToken(token);
    const [owner] = await tx
      .select({ userId: signInLinks.userId })
      .from(signInLinks)
      .where(eq(signInLinks.tokenHash, tokenHash));
    if (!owner) throw new DomainError('auth.link_invalid');
    // One redemption per user at a time. Without this, two of a user's links spent at once each
    // lock their own link, then wait for the other's while voiding it: a deadlock, and a 500
    // (found by the concurrency suite on PostgreSQL).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
    const [link] = await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt)))
      .returning();
    if (!link) throw new DomainError('auth.link_invalid');
    // Rolled back with the transaction, which changes nothing: an expired link stays expired.
    if (link.expiresAt <= now) throw new DomainError('auth.link_expired');
    await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.userId, link.userId), isNull(signInLinks.usedAt)));
    const [user] = await tx
      .update(users)
      .set({ lastSignInAt: now })
      .where(eq(users.id, link.userId))
      .returning();
    if (!user) throw new DomainError('auth.link_invalid');
    // A suspended user (or one of a suspended account) opens no session, link or not. Thrown
    // after the spend on purpose: the link is used up either way, and the rollback keeps it.
    if (user.suspendedAt || (await accountSuspended(tx, user.accountId))) {
      throw new DomainError('auth.suspended');
    }
    const session = await createSession(tx, user.id, now, userAgent);
    return { user, sessionToken: session.token, sessionExpiresAt: session.expiresAt };
  });
}

async function accountSuspended(tx: Transaction, accountId: string | null): Promise<boolean> {
  if (!accountId) return false;
  const [account] = await tx
    .select({ suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Boolean(account?.suspendedAt);
}
