import { asc, eq, inArray } from 'drizzle-orm';
import { staffRoles, type StaffRole } from '@portal/contract';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { endSessionsOf } from '../auth/sessions';
import { recordAudit, type Actor } from './audit';

export type AddStaffOutcome = 'created' | 'promoted' | 'role_changed' | 'unchanged';

/**
 * Makes `email` a staff user with `role`: a new user, or an existing one who becomes staff. A
 * customer user leaves their account (staff belong to the provider), and their sessions end, so
 * no session keeps a customer's rules. Recorded in the provider's audit trail.
 */
export async function addStaff(
  db: Database,
  { email, role, actor, now }: { email: string; role: StaffRole; actor: Actor; now: Date },
): Promise<{ outcome: AddStaffOutcome; userId: string }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, address)).for('update');
    if (existing?.role === role && existing.accountId === null) {
      return { outcome: 'unchanged' as const, userId: existing.id };
    }
    let outcome: AddStaffOutcome;
    let userId: string;
    if (!existing) {
      const [created] = await tx
        .insert(users)
        .values({ email: address, role, accountId: null, locale: 'fr', createdAt: now })
        .returning({ id: users.id });
      if (!created) throw new Error('staff insert returned nothing');
      userId = created.id;
      outcome = 'created';
    } else {
      await tx
        .update(users)
        .set({ role, accountId: null, siteIds: null, rules: null })
        .where(eq(users.id, existing.id));
      await endSessionsOf(tx, existing.id, now);
      userId = existing.id;
      outcome = (staffRoles as readonly string[]).includes(existing.role)
        ? 'role_changed'
        : 'promoted';
    }
    await recordAudit(tx, {
      accountId: null,
      actor,
      action: 'staff.added',
      target: { type: 'user', id: userId, label: address },
      before: existing ? { role: existing.role, accountId: existing.accountId } : null,
      after: { role },
      at: now,
    });
    return { outcome, userId };
  });
}

/** The provider's staff, by e-mail. */
export async function listStaff(
  db: Database,
  { limit, offset }: { limit: number; offset: number },
) {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(asc(users.email))
    .limit(limit)
    .offset(offset);
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as StaffRole,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  }));
}
