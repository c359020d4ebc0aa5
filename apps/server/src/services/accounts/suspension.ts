import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { endSessionsOf } from '../auth/sessions';
import { DomainError } from '../domain-error';
import { recordAudit, type Actor } from './audit';

/**
 * Suspends a user, or lifts it. Suspending ends every session of theirs at once; their old
 * cookie is then answered `auth.suspended` (a page that says why), and no sign-in link opens a
 * session until it is lifted. Nobody suspends themselves. The caller forgets the user in the
 * session cache once this committed.
 */
export async function setUserSuspended(
  db: Database,
  {
    userId,
    suspended,
    actor,
    now,
  }: { userId: string; suspended: boolean; actor: Actor; now: Date },
): Promise<void> {
  if (userId === actor.userId) throw new DomainError('auth.forbidden');
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new DomainError('request.not_found');
    if (Boolean(user.suspendedAt) === suspended) return;
    await tx
      .update(users)
      .set({ suspendedAt: suspended ? now : null })
      .where(eq(users.id, userId));
    if (suspended) await endSessionsOf(tx, userId, now);
    await recordAudit(tx, {
      accountId: user.accountId,
      actor,
      action: suspended ? 'member.suspended' : 'member.unsuspended',
      target: { type: 'user', id: userId, label: user.email },
      before: { suspended: !suspended },
      after: { suspended },
      at: now,
    });
  });
}
