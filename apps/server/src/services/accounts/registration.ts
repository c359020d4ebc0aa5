import { and, desc, eq } from 'drizzle-orm';
import {
  sideOf,
  type Registration,
  type RegistrationRequestInput,
  type RegistrationState,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, registrationRequests, users } from '../../db/schema';
import type { UserRow } from '../auth/active-session';
import { addSeconds } from '../clock';
import { DomainError } from '../domain-error';
import { enqueueMail } from '../mail/outbox';
import { holdsSites } from '../site-scope';
import { renderRegistrationDecisionMail } from '../mail/templates/registration-decision';
import type { Translations } from '../translations';
import { recordAudit, type Actor } from './audit';

export interface RegistrationDeps {
  settings: Pick<Settings, 'publicUrl'>;
  translations: Translations;
}

/** A decision mail is worth sending for this long; after it, the user has found out anyway. */
const DECISION_MAIL_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Where a signed-in user stands: in an account (`approved`), in one awaiting its admin's
 * approval (`awaiting_admin`), with a registration request `pending` or `rejected` (and why), or
 * with nothing asked yet (`none`). Staff always stand `approved`.
 */
export async function registrationStateOf(
  db: Database,
  user: Pick<UserRow, 'id' | 'role' | 'accountId' | 'pendingApprovalSince'>,
): Promise<RegistrationState> {
  if (sideOf(user.role) === 'staff') return { status: 'approved', reason: null };
  if (user.accountId) {
    return { status: user.pendingApprovalSince ? 'awaiting_admin' : 'approved', reason: null };
  }
  const [latest] = await db
    .select()
    .from(registrationRequests)
    .where(eq(registrationRequests.userId, user.id))
    .orderBy(desc(registrationRequests.createdAt))
    .limit(1);
  if (!latest || latest.status === 'approved') return { status: 'none', reason: null };
  return { status: latest.status, reason: latest.reason };
}

/**
 * A user of no account says who they are; staff then approve or reject. Sending it again while
 * it waits changes it; after a rejection, it is a new request.
 */
export async function submitRegistration(
  db: Database,
  user: Pick<UserRow, 'id' | 'email' | 'role' | 'accountId'>,
  input: RegistrationRequestInput,
  now: Date,
): Promise<void> {
  if (user.accountId || sideOf(user.role) === 'staff') {
    throw new DomainError('registration.not_needed');
  }
  await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: registrationRequests.id })
      .from(registrationRequests)
      .where(
        and(eq(registrationRequests.userId, user.id), eq(registrationRequests.status, 'pending')),
      )
      .for('update');
    const values = { company: input.company, site: input.site, phone: input.phone.trim() };
    if (pending) {
      await tx
        .update(registrationRequests)
        .set(values)
        .where(eq(registrationRequests.id, pending.id));
      return;
    }
    const [created] = await tx
      .insert(registrationRequests)
      .values({ userId: user.id, ...values, createdAt: now })
      .returning({ id: registrationRequests.id });
    await recordAudit(tx, {
      accountId: null,
      actor: { userId: user.id, label: user.email },
      action: 'registration.requested',
      target: { type: 'registration', id: created?.id ?? null, label: input.company },
      after: values,
      at: now,
    });
  });
}

/** Registration requests in one status, oldest waiting first, a page at a time. */
export async function listRegistrations(
  db: Database,
  status: Registration['status'],
  { limit, offset }: { limit: number; offset: number },
): Promise<Registration[]> {
  const rows = await db
    .select({ request: registrationRequests, email: users.email })
    .from(registrationRequests)
    .innerJoin(users, eq(users.id, registrationRequests.userId))
    .where(eq(registrationRequests.status, status))
    .orderBy(registrationRequests.createdAt, registrationRequests.id)
    .limit(limit)
    .offset(offset);
  return rows.map(({ request, email }) => ({
    id: request.id,
    email,
    company: request.company,
    site: request.site,
    phone: request.phone,
    status: request.status,
    reason: request.reason,
    accountId: request.accountId,
    createdAt: request.createdAt.toISOString(),
  }));
}

async function lockPending(tx: Parameters<Parameters<Database['transaction']>[0]>[0], id: string) {
  const [row] = await tx
    .select({ request: registrationRequests, user: users })
    .from(registrationRequests)
    .innerJoin(users, eq(users.id, registrationRequests.userId))
    .where(eq(registrationRequests.id, id))
    .for('update');
  if (!row) throw new DomainError('request.not_found');
  if (row.request.status !== 'pending') throw new DomainError('registration.already_decided');
  return row;
}

/**
 * Approves a request into an existing account (the user joins it as a viewer, its admin may
 * then give more) or a new one (the user is its admin). The user is told by mail in their
 * language. Answers the user, whom the caller forgets in the session cache.
 */
export async function approveRegistration(
  db: Database,
  { settings, translations }: RegistrationDeps,
  {
    id,
    accountId,
    newAccountName,
    actor,
    now,
  }: { id: string; accountId?: string; newAccountName?: string; actor: Actor; now: Date },
): Promise<{ userId: string; accountId: string }> {
  return db.transaction(async (tx) => {
    const { request, user } = await lockPending(tx, id);
    if (user.accountId) throw new DomainError('registration.not_needed');
    let account: { id: string; name: string } | undefined;
    if (newAccountName) {
      [account] = await tx
        .insert(accounts)
        .values({ name: newAccountName, createdAt: now })
        .returning({ id: accounts.id, name: accounts.name });
      if (!account) throw new Error('account insert returned nothing');
      await recordAudit(tx, {
        accountId: account.id,
        actor,
        action: 'account.created',
        target: { type: 'account', id: account.id, label: account.name },
        after: { name: account.name, fromRegistration: request.id },
        at: now,
      });
    } else {
      [account] = await tx
        .select({ id: accounts.id, name: accounts.name })
        .from(accounts)
        .where(eq(accounts.id, accountId ?? ''));
      if (!account) throw new DomainError('request.not_found');
    }
    const role = newAccountName ? 'admin' : 'viewer';
    await tx
      .update(users)
      .set({
        accountId: account.id,
        role,
        siteIds: null,
        pendingApprovalSince: null,
        company: user.company ?? request.company,
        phone: user.phone ?? null,
      })
      .where(eq(users.id, user.id));
    await tx
      .update(registrationRequests)
      .set({
        status: 'approved',
        accountId: account.id,
        decidedAt: now,
        decidedByLabel: actor.label,
      })
      .where(eq(registrationRequests.id, id));
    await recordAudit(tx, {
      accountId: account.id,
      actor,
      action: 'registration.approved',
      target: { type: 'registration', id, label: user.email },
      before: { company: request.company, site: request.site },
      after: { accountId: account.id, role },
      at: now,
    });
    const link = new URL('/', settings.publicUrl).toString();
    await enqueueMail(tx, {
      ...renderRegistrationDecisionMail(translations, user.locale, {
        approved: true,
        accountName: account.name,
        link,
      }),
      kind: 'registration_decision',
      to: user.email,
      locale: user.locale,
      expiresAt: addSeconds(now, DECISION_MAIL_TTL_SECONDS),
      now,
    });
    return { userId: user.id, accountId: account.id };
  });
}

/** Rejects a request with a reason the user reads in the mail they get. */
export async function rejectRegistration(
  db: Database,
  { translations }: Pick<RegistrationDeps, 'translations'>,
  { id, reason, actor, now }: { id: string; reason: string; actor: Actor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { user } = await lockPending(tx, id);
    await tx
      .update(registrationRequests)
      .set({ status: 'rejected', reason, decidedAt: now, decidedByLabel: actor.label })
      .where(eq(registrationRequests.id, id));
    await recordAudit(tx, {
      accountId: null,
      actor,
      action: 'registration.rejected',
      target: { type: 'registration', id, label: user.email },
      after: { reason },
      at: now,
    });
    await enqueueMail(tx, {
      ...renderRegistrationDecisionMail(translations, user.locale, { approved: false, reason }),
      kind: 'registration_decision',
      to: user.email,
      locale: user.locale,
      expiresAt: addSeconds(now, DECISION_MAIL_TTL_SECONDS),
      now,
    });
  });
}

/**
 * The account admin lets in a colleague who joined by the account's verified domain: from the
 * next request they act as the viewer they joined as. Another account's user is a 404; an admin
 * limited to some sites lets in no one who would see more than they do.
 */
export async function approveMember(
  db: Database,
  admin: Pick<UserRow, 'id' | 'email' | 'accountId' | 'siteIds'>,
  memberId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, memberId), eq(users.accountId, admin.accountId ?? '')))
      .for('update');
    if (!member) throw new DomainError('request.not_found');
    if (!member.pendingApprovalSince) return;
    if (!holdsSites(admin.siteIds, member.siteIds)) throw new DomainError('auth.forbidden');
    await tx.update(users).set({ pendingApprovalSince: null }).where(eq(users.id, memberId));
    await recordAudit(tx, {
      accountId: member.accountId,
      actor: { userId: admin.id, label: admin.email },
      action: 'member.approved',
      target: { type: 'user', id: memberId, label: member.email },
      before: { pendingApproval: true },
      after: { pendingApproval: false, role: member.role },
      at: now,
    });
  });
}
