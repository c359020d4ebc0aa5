import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { linkedPages, sideOf, type Language } from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { accounts, signInLinks, users } from '../../db/schema';
import type { Settings } from '../../config/env';
import { recordAudit } from '../accounts/audit';
import { addSeconds } from '../clock';
import { enqueueMail } from '../mail/outbox';
import { renderMemberAwaitingApprovalMail } from '../mail/templates/member-awaiting-approval';
import type { Translations } from '../translations';
import { DomainError } from '../domain-error';
import type { UserRow } from './active-session';
import { checkStaffLinkSignIn, type StaffPasskeyRule } from './passkeys';
import { createSession } from './sessions';
import { hashToken } from './tokens';
import { mustSignInWithSso } from './sso/identity-providers';

export interface JoinDeps {
  settings: Pick<Settings, 'publicUrl'>;
  translations: Translations;
}

/**
 * A person's language until they choose one: whatever was set when they were added (by
 * themselves signing up, an inviter, staff or the command line), then, from their first
 * sign-in, the language their browser asks for. Choosing one later (the profile, the language
 * switch) is theirs to keep.
 */
export function firstSignInLanguage(
  user: { lastSignInAt: Date | null } | undefined,
  browserLanguage: Language | undefined,
): { locale?: Language } {
  return user && !user.lastSignInAt && browserLanguage ? { locale: browserLanguage } : {};
}

/** The admins' mail about a newcomer is worth sending for a week. */
const APPROVAL_MAIL_TTL_SECONDS = 7 * 24 * 3600;

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
  {
    joinsByDomain,
    browserLanguage,
    ssoSettings,
    staffPasskey,
  }: {
    /** Outside the demo: a proven address of a verified domain joins its account. */
    joinsByDomain?: JoinDeps;
    /** The language the browser asks for: a first sign-in makes it the person's language. */
    browserLanguage?: Language;
    /** With it, an address that must sign in with single sign-on is refused (a link sent before). */
    ssoSettings?: Pick<Settings, 'staffSso'>;
    /** Staff must hold a passkey: a link alone admits them only during the grace period. */
    staffPasskey?: StaffPasskeyRule;
  } = {},
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
    const [before] = await tx
      .select({ lastSignInAt: users.lastSignInAt })
      .from(users)
      .where(eq(users.id, owner.userId))
      .for('update');
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
    const [signedIn] = await tx
      .update(users)
      .set({ lastSignInAt: now, ...firstSignInLanguage(before, browserLanguage) })
      .where(eq(users.id, link.userId))
      .returning();
    if (!signedIn) throw new DomainError('auth.link_invalid');
    if (ssoSettings && (await mustSignInWithSso(tx, ssoSettings, signedIn.email))) {
      throw new DomainError('auth.sso_required');
    }
    const joined = joinsByDomain
      ? await joinByVerifiedDomain(tx, joinsByDomain, signedIn, now)
      : signedIn;
    const user = staffPasskey ? await checkStaffLinkSignIn(tx, staffPasskey, joined, now) : joined;
    // A suspended user (or one of a suspended account) opens no session, link or not. Thrown
    // after the spend on purpose: the link is used up either way, and the rollback keeps it.
    if (user.suspendedAt || (await accountSuspended(tx, user.accountId))) {
      throw new DomainError('auth.suspended');
    }
    const session = await createSession(tx, user.id, now, userAgent);
    return { user, sessionToken: session.token, sessionExpiresAt: session.expiresAt };
  });
}

/**
 * A customer of no account whose address (now proven: they opened the link) is of an account's
 * verified domain joins that account as a viewer awaiting its admin's approval; until then they
 * hold no rules. Anyone else stays as they are.
 */
async function joinByVerifiedDomain(
  tx: Transaction,
  { settings, translations }: JoinDeps,
  user: UserRow,
  now: Date,
): Promise<UserRow> {
  if (user.accountId || user.rules || sideOf(user.role) !== 'customer') return user;
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  const [account] = await tx
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(
      and(
        sql`${accounts.verifiedDomains} @> ${JSON.stringify([domain])}::jsonb`,
        isNull(accounts.suspendedAt),
      ),
    )
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  if (!account) return user;
  const [joined] = await tx
    .update(users)
    .set({ accountId: account.id, role: 'viewer', siteIds: null, pendingApprovalSince: now })
    .where(eq(users.id, user.id))
    .returning();
  await recordAudit(tx, {
    accountId: account.id,
    actor: { userId: user.id, label: user.email },
    action: 'member.joined',
    target: { type: 'user', id: user.id, label: user.email },
    after: { role: 'viewer', verifiedDomain: domain, pendingApproval: true },
    at: now,
  });
  // Its admins are told, each in their language, so the newcomer does not wait unseen.
  const admins = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(
      and(eq(users.accountId, account.id), eq(users.role, 'admin'), isNull(users.suspendedAt)),
    );
  const link = new URL(linkedPages.team, settings.publicUrl).toString();
  for (const admin of admins) {
    await enqueueMail(tx, {
      ...renderMemberAwaitingApprovalMail(translations, admin.locale, {
        email: user.email,
        accountName: account.name,
        link,
      }),
      kind: 'member_awaiting_approval',
      to: admin.email,
      locale: admin.locale,
      expiresAt: addSeconds(now, APPROVAL_MAIL_TTL_SECONDS),
      now,
    });
  }
  return joined ?? user;
}

async function accountSuspended(tx: Transaction, accountId: string | null): Promise<boolean> {
  if (!accountId) return false;
  const [account] = await tx
    .select({ suspendedAt: accounts.suspendedAt })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return Boolean(account?.suspendedAt);
}
