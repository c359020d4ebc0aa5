import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  customerRoles,
  sideOf,
  type CustomerRole,
  type Invitation,
  type InvitationPreview,
  type Language,
  type Team,
  type TeamMember,
  linkedPages,
  pageLink,
} from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database, Transaction } from '../../db/client';
import { accounts, invitations, sites, users } from '../../db/schema';
import { addSeconds } from '../clock';
import { DomainError } from '../domain-error';
import { holdsSites } from '../site-scope';
import { enqueueMail } from '../mail/outbox';
import { consumeRateLimits, type RateLimit } from '../rate-limit';
import { renderInvitationMail } from '../mail/templates/invitation';
import type { Translations } from '../translations';
import type { UserRow } from '../auth/active-session';
import { firstSignInLanguage } from '../auth/redeem-sign-in-link';
import { createSession, endSessionsOf } from '../auth/sessions';
import { mustSignInWithSso } from '../auth/sso/identity-providers';
import { generateToken, hashToken } from '../auth/tokens';
import { personName } from '../workflow/work-items';
import { recordAudit, type Actor } from './audit';

/** An invitation link is valid this long. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

export interface TeamDeps {
  settings: Pick<Settings, 'publicUrl' | 'rateLimits'>;
  translations: Translations;
}

/** The person acting on the team: an admin of `accountId`, maybe limited to some sites. */
export interface TeamActor extends Actor {
  userId: string;
  accountId: string;
  siteIds: string[] | null;
}

const actorOf = (user: Pick<UserRow, 'id' | 'email'>): Actor => ({
  userId: user.id,
  label: user.email,
});

/** A signed-in admin as the team services take them. */
export function teamActor(user: UserRow): TeamActor {
  if (!user.accountId) throw new DomainError('request.not_found');
  return { ...actorOf(user), userId: user.id, accountId: user.accountId, siteIds: user.siteIds };
}

const roleAndSites = (row: { role: string; siteIds: string[] | null }) => ({
  role: row.role,
  siteIds: row.siteIds,
});

/** The invitation's state as its list and its page show it. */
function invitationView(row: typeof invitations.$inferSelect, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as CustomerRole,
    siteIds: row.siteIds,
    locale: row.locale,
    status: row.expiresAt <= now ? 'expired' : 'pending',
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function memberView(row: UserRow, actor: Pick<TeamActor, 'userId' | 'siteIds'>): TeamMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as CustomerRole,
    siteIds: row.siteIds,
    suspended: row.suspendedAt !== null,
    pendingApproval: row.pendingApprovalSince !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    isMe: row.id === actor.userId,
    canManage: holdsSites(actor.siteIds, row.siteIds),
  };
}

/** The account's members (a page, by e-mail), its open invitations and its sites. */
export async function listTeam(
  db: Database,
  actor: TeamActor,
  page: { limit: number; offset: number },
  now: Date,
): Promise<Omit<Team, 'nextOffset'>> {
  const members = await db
    .select()
    .from(users)
    .where(and(eq(users.accountId, actor.accountId), inArray(users.role, [...customerRoles])))
    .orderBy(asc(users.email))
    .limit(page.limit)
    .offset(page.offset);
  const open = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, actor.accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .orderBy(desc(invitations.sentAt))
    .limit(200);
  const siteRows = await db
    .select({ id: sites.id, name: sites.name, city: sites.city })
    .from(sites)
    .where(eq(sites.accountId, actor.accountId))
    .orderBy(asc(sites.name));
  return {
    members: members.map((row) => memberView(row, actor)),
    invitations: open.map((row) => invitationView(row, now)),
    sites: siteRows,
    grantableSiteIds: actor.siteIds,
  };
}

/** Refuses a site limit naming a site outside the account. */
async function checkSites(tx: Transaction, accountId: string, siteIds: string[] | null) {
  if (!siteIds) return;
  const unique = [...new Set(siteIds)];
  const found = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.accountId, accountId), inArray(sites.id, unique)));
  if (found.length !== unique.length) throw new DomainError('team.site_unknown');
}

/**
 * Nobody grants more than they hold, themselves included: an admin limited to some sites gives
 * no one a wider scope than theirs (all sites included), and acts on no member who sees more
 * than they do.
 */
function checkWithinActor(actor: TeamActor, siteIds: string[] | null) {
  if (!holdsSites(actor.siteIds, siteIds)) throw new DomainError('auth.forbidden');
}

async function accountName(tx: Transaction, accountId: string): Promise<string> {
  const [account] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw new DomainError('request.not_found');
  return account.name;
}

/** How an invitation names who sent it: their name, or their address when they gave none. */
async function inviterName(tx: Transaction, userId: string): Promise<string> {
  const [inviter] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return inviter ? personName(inviter) : '';
}

const DAY_SECONDS = 24 * 3600;

/**
 * The invitation mails allowed in 24 hours, first sends and resends alike: to one address
 * whichever account sends them (an outside inbox is not flooded), by one inviter, and for one
 * account (a stolen admin session cannot turn the portal into a mailer).
 */
function invitationLimits(
  settings: TeamDeps['settings'],
  inviter: TeamActor,
  email: string,
): RateLimit[] {
  const limits = settings.rateLimits;
  return [
    {
      bucket: `invitation-to:${email.toLowerCase()}`,
      max: limits.invitationsPerAddressPerDay,
      windowSeconds: DAY_SECONDS,
      code: 'team.address_invited_too_often',
    },
    {
      bucket: `invitations-by:${inviter.userId}`,
      max: limits.invitationsPerInviterPerDay,
      windowSeconds: DAY_SECONDS,
      code: 'team.too_many_invitations',
    },
    {
      bucket: `invitations-for:${inviter.accountId}`,
      max: limits.invitationsPerAccountPerDay,
      windowSeconds: DAY_SECONDS,
      code: 'team.too_many_invitations',
    },
  ];
}

/**
 * A fresh link for `invitation`, and its mail queued in the invitee's language, once the
 * invitation limits allow one more mail (429 with Retry-After otherwise).
 */
async function sendInvitation(
  tx: Transaction,
  deps: TeamDeps,
  invitation: { email: string; locale: Language; accountId: string },
  inviter: TeamActor,
  now: Date,
): Promise<{ tokenHash: string; expiresAt: Date }> {
  await consumeRateLimits(tx, invitationLimits(deps.settings, inviter, invitation.email), now);
  const token = generateToken();
  const expiresAt = addSeconds(now, INVITATION_TTL_SECONDS);
  const link = new URL(pageLink(linkedPages.invitation, token), deps.settings.publicUrl).toString();
  const mail = renderInvitationMail(deps.translations, invitation.locale, {
    link,
    accountName: await accountName(tx, invitation.accountId),
    inviter: await inviterName(tx, inviter.userId),
    validDays: INVITATION_TTL_SECONDS / 86_400,
  });
  await enqueueMail(tx, {
    ...mail,
    kind: 'invitation',
    to: invitation.email,
    locale: invitation.locale,
    link,
    expiresAt,
    now,
  });
  return { tokenHash: hashToken(token), expiresAt };
}

/**
 * Invites `email` to the account with a role (and maybe some sites): a one-time link valid 7
 * days, mailed in the invitee's language. A member of the account cannot be invited again, nor
 * an address whose invitation is still valid (send it again instead); an expired one is
 * replaced.
 */
export async function inviteMember(
  db: Database,
  deps: TeamDeps,
  actor: TeamActor,
  input: { email: string; role: CustomerRole; siteIds: string[] | null; locale: Language },
  now: Date,
): Promise<Invitation> {
  checkWithinActor(actor, input.siteIds);
  return db.transaction(async (tx) => {
    await checkSites(tx, actor.accountId, input.siteIds);
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), eq(users.accountId, actor.accountId)));
    if (member) throw new DomainError('team.already_member');
    const [open] = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, actor.accountId),
          eq(invitations.email, input.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .for('update');
    if (open && open.expiresAt > now) throw new DomainError('team.already_invited');
    // An expired invitation is closed, so the new one is the address's only open one.
    if (open) {
      await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, open.id));
    }
    const sent = await sendInvitation(
      tx,
      deps,
      { ...input, accountId: actor.accountId },
      actor,
      now,
    );
    const [row] = await tx
      .insert(invitations)
      .values({
        accountId: actor.accountId,
        email: input.email,
        role: input.role,
        siteIds: input.siteIds,
        locale: input.locale,
        tokenHash: sent.tokenHash,
        invitedByUserId: actor.userId,
        createdAt: now,
        sentAt: now,
        expiresAt: sent.expiresAt,
      })
      .returning();
    if (!row) throw new Error('invitation insert returned nothing');
    await recordAudit(tx, {
      accountId: actor.accountId,
      actor,
      action: 'member.invited',
      target: { type: 'invitation', id: row.id, label: input.email },
      after: { role: input.role, siteIds: input.siteIds },
      at: now,
    });
    return invitationView(row, now);
  });
}

async function openInvitation(tx: Transaction, actor: TeamActor, id: string) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.id, id),
        eq(invitations.accountId, actor.accountId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
      ),
    )
    .for('update');
  if (!row) throw new DomainError('request.not_found');
  return row;
}

/** Sends an open invitation again with a new link (the previous link stops working), 7 days more. */
export async function resendInvitation(
  db: Database,
  deps: TeamDeps,
  actor: TeamActor,
  id: string,
  now: Date,
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const row = await openInvitation(tx, actor, id);
    const sent = await sendInvitation(tx, deps, row, actor, now);
    const [updated] = await tx
      .update(invitations)
      .set({ tokenHash: sent.tokenHash, sentAt: now, expiresAt: sent.expiresAt })
      .where(eq(invitations.id, id))
      .returning();
    if (!updated) throw new DomainError('request.not_found');
    await recordAudit(tx, {
      accountId: actor.accountId,
      actor,
      action: 'member.invitation_resent',
      target: { type: 'invitation', id, label: row.email },
      at: now,
    });
    return invitationView(updated, now);
  });
}

/** Withdraws an open invitation: its link then leads to the "withdrawn" page. */
export async function revokeInvitation(
  db: Database,
  actor: TeamActor,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await openInvitation(tx, actor, id);
    await tx.update(invitations).set({ revokedAt: now }).where(eq(invitations.id, id));
    await recordAudit(tx, {
      accountId: actor.accountId,
      actor,
      action: 'member.invitation_revoked',
      target: { type: 'invitation', id, label: row.email },
      before: roleAndSites(row),
      at: now,
    });
  });
}

/** The invitation a link stands for, or the reason it cannot be used. */
async function invitationByToken(tx: Database | Transaction, token: string, now: Date) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row || row.acceptedAt) throw new DomainError('team.invitation_invalid');
  if (row.revokedAt) throw new DomainError('team.invitation_revoked');
  if (row.expiresAt <= now) throw new DomainError('team.invitation_expired');
  return row;
}

/** What the invitation page shows before the invitee accepts (opening it spends nothing). */
export async function previewInvitation(
  db: Database,
  token: string,
  now: Date,
): Promise<InvitationPreview> {
  const row = await invitationByToken(db, token, now);
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, row.accountId));
  if (!account) throw new DomainError('team.invitation_invalid');
  return {
    accountName: account.name,
    email: row.email,
    role: row.role as CustomerRole,
    locale: row.locale,
  };
}

/**
 * Accepts an invitation: the invitee joins the account with the invited role and sites, and is
 * signed in (the link proves the address, as a sign-in link does). Spent once, even when
 * accepted twice at once (the row is locked). An address that belongs to another account, or to
 * the provider's staff, cannot join. An address whose domain must sign in through single sign-on
 * is refused here and spends nothing: its single sign-on accepts the invitation.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  {
    now,
    userAgent,
    browserLanguage,
    settings,
  }: {
    now: Date;
    settings: Pick<Settings, 'staffSso'>;
    userAgent: string | null;
    /** A first sign-in takes the language the browser asks for (see firstSignInLanguage). */
    browserLanguage?: Language;
  },
): Promise<{ user: UserRow; sessionToken: string; sessionExpiresAt: Date }> {
  return db.transaction(async (tx) => {
    const found = await invitationByToken(tx, token, now);
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, found.id), isNull(invitations.acceptedAt)))
      .for('update');
    if (!row) throw new DomainError('team.invitation_invalid');
    if (await mustSignInWithSso(tx, settings, row.email)) {
      throw new DomainError('auth.sso_required');
    }
    const [existing] = await tx
      .select()
      .from(users)
      .where(eq(users.email, row.email))
      .for('update');
    if (
      existing &&
      ((existing.accountId && existing.accountId !== row.accountId) ||
        sideOf(existing.role) === 'staff')
    ) {
      throw new DomainError('team.member_elsewhere');
    }
    if (existing?.suspendedAt) throw new DomainError('auth.suspended');
    const joined = { accountId: row.accountId, role: row.role, siteIds: row.siteIds };
    const [user] = existing
      ? await tx
          .update(users)
          .set({ ...joined, lastSignInAt: now, ...firstSignInLanguage(existing, browserLanguage) })
          .where(eq(users.id, existing.id))
          .returning()
      : await tx
          .insert(users)
          .values({
            email: row.email,
            locale: browserLanguage ?? row.locale,
            createdAt: now,
            lastSignInAt: now,
            ...joined,
          })
          .returning();
    if (!user) throw new Error('invitee upsert returned nothing');
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, row.id));
    await recordAudit(tx, {
      accountId: row.accountId,
      actor: actorOf(user),
      action: 'member.joined',
      target: { type: 'user', id: user.id, label: user.email },
      before: existing ? { accountId: existing.accountId, role: existing.role } : null,
      after: roleAndSites(row),
      at: now,
    });
    const session = await createSession(tx, user.id, now, userAgent);
    return { user, sessionToken: session.token, sessionExpiresAt: session.expiresAt };
  });
}

/**
 * The account's admins, locked until the transaction ends: two changes that could each remove
 * "the other" last admin take turns, and the second sees the first.
 */
async function lockAdmins(tx: Transaction, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), eq(users.role, 'admin')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

async function memberOf(tx: Transaction, accountId: string, userId: string) {
  const [member] = await tx
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.accountId, accountId),
        inArray(users.role, [...customerRoles]),
      ),
    )
    .for('update');
  if (!member) throw new DomainError('request.not_found');
  return member;
}

/**
 * Changes a member's role and sites. Nobody gives more than they hold (checkWithinActor), so
 * nobody widens their own scope: an admin may only narrow it, or step down. The account keeps
 * at least one admin. The change holds from the member's next request: every request reads the
 * user's row (or a cache the change clears, `onChanged`).
 */
export async function changeMember(
  db: Database,
  actor: TeamActor,
  userId: string,
  input: { role: CustomerRole; siteIds: string[] | null },
  now: Date,
): Promise<TeamMember> {
  checkWithinActor(actor, input.siteIds);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor.accountId);
    const member = await memberOf(tx, actor.accountId, userId);
    checkWithinActor(actor, member.siteIds);
    await checkSites(tx, actor.accountId, input.siteIds);
    if (member.role === 'admin' && input.role !== 'admin' && admins.length <= 1) {
      throw new DomainError('team.last_admin');
    }
    const [updated] = await tx
      .update(users)
      .set({ role: input.role, siteIds: input.siteIds })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new DomainError('request.not_found');
    await recordAudit(tx, {
      accountId: actor.accountId,
      actor,
      action: 'member.role_changed',
      target: { type: 'user', id: userId, label: member.email },
      before: roleAndSites(member),
      after: roleAndSites(updated),
      at: now,
    });
    return memberView(updated, actor);
  });
}

/**
 * Removes a member from the account: they keep their user (their messages keep their name) but
 * lose the account, and every session of theirs ends at once. The last admin cannot go, and an
 * admin limited to some sites removes no one who sees more than they do.
 */
export async function removeMember(
  db: Database,
  actor: TeamActor,
  userId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor.accountId);
    const member = await memberOf(tx, actor.accountId, userId);
    checkWithinActor(actor, member.siteIds);
    if (member.role === 'admin' && admins.length <= 1) throw new DomainError('team.last_admin');
    await tx
      .update(users)
      .set({ accountId: null, role: 'viewer', siteIds: null })
      .where(eq(users.id, userId));
    await endSessionsOf(tx, userId, now);
    await recordAudit(tx, {
      accountId: actor.accountId,
      actor,
      action: 'member.removed',
      target: { type: 'user', id: userId, label: member.email },
      before: roleAndSites(member),
      at: now,
    });
  });
}

/** Whether `userId` is the last admin of an account that has other members. */
export async function isLastAdminWithTeam(tx: Transaction, user: UserRow): Promise<boolean> {
  if (!user.accountId || user.role !== 'admin') return false;
  const admins = await lockAdmins(tx, user.accountId);
  if (admins.length > 1) return false;
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.accountId, user.accountId), sql`${users.id} <> ${user.id}`));
  return (others?.n ?? 0) > 0;
}
