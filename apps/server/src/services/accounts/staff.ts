import { asc, eq, inArray } from 'drizzle-orm';
import { linkedPages, staffRoles, type Language, type StaffRole } from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { endSessionsOf } from '../auth/sessions';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../mail/outbox';
import { renderStaffAddedMail } from '../mail/templates/staff-added';
import type { Translations } from '../translations';
import { recordAudit, type Actor } from './audit';

/** The mail telling a new staff member how to sign in is given up after a week unsent. */
const STAFF_ADDED_MAIL_TTL_MS = 7 * 24 * 3600 * 1000;

export type AddStaffOutcome = 'created' | 'promoted' | 'role_changed' | 'unchanged';

/**
 * Makes `email` a staff user with `role`: a new user, or an existing one who becomes staff. A
 * customer user leaves their account (staff belong to the provider), and their sessions end, so
 * no session keeps a customer's rules. Recorded in the provider's audit trail.
 */
export async function addStaff(
  db: Database | Transaction,
  {
    email,
    role,
    locale = 'fr',
    actor,
    now,
  }: {
    email: string;
    role: StaffRole;
    /** The language of a user it creates (the mails they get). */
    locale?: Language;
    actor: Actor;
    now: Date;
  },
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
        .values({ email: address, role, accountId: null, locale, createdAt: now })
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

/**
 * A manager adds a staff member from the back-office: a new user, someone who signed up without
 * an account yet, or a change of staff role. Someone of a customer's account is refused: moving
 * them would end their access to that account, which the back-office never does by accident. A
 * new staff member is told by mail, in `locale`, how to sign in.
 */
export async function addStaffMember(
  db: Database,
  { translations, publicUrl }: { translations: Translations; publicUrl: URL },
  {
    email,
    role,
    locale,
    actor,
    now,
  }: { email: string; role: StaffRole; locale: Language; actor: Actor; now: Date },
) {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, address)).for('update');
    if (existing?.accountId) throw new DomainError('staff.customer_user');
    const { outcome, userId } = await addStaff(tx, { email: address, role, locale, actor, now });
    const mailLocale = existing?.locale ?? locale;
    if (outcome === 'created' || outcome === 'promoted') {
      await enqueueMail(tx, {
        ...renderStaffAddedMail(translations, mailLocale, {
          actor: actor.label,
          role,
          link: new URL(linkedPages.auth, publicUrl).toString(),
        }),
        kind: 'staff_added',
        to: address,
        locale: mailLocale,
        expiresAt: new Date(now.getTime() + STAFF_ADDED_MAIL_TTL_MS),
        now,
      });
    }
    const member = existing
      ? { ...existing, role }
      : { id: userId, email: address, firstName: null, lastName: null, role, lastSignInAt: null };
    return { outcome, member: staffMember(member) };
  });
}

function staffMember(
  user: Pick<
    typeof users.$inferSelect,
    'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'lastSignInAt'
  >,
) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as StaffRole,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
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
  return rows.map(staffMember);
}
