import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { sideOf, type Role } from '@portal/contract';
import type { Settings } from '../../../config/env';
import type { Database, Transaction } from '../../../db/client';
import {
  accountSsoProviders,
  invitations,
  sessions,
  ssoIdentities,
  ssoSessions,
  ssoSignIns,
  users,
} from '../../../db/schema';
import { recordAudit } from '../../accounts/audit';
import { addSeconds } from '../../clock';
import type { UserRow } from '../active-session';
import { createSession, endSessionsOf, reauthenticateSession } from '../sessions';
import { hashToken } from '../tokens';
import {
  domainOf,
  providerByKey,
  ssoRefusal,
  STAFF_PROVIDER_KEY,
  type IdentityProvider,
  type IdentityProviderClients,
} from './identity-providers';
import { refusalOf } from './sso-errors';
import { staffRoleOf } from './staff-role';

export interface FinishSsoSignInInput {
  /** The URL the identity provider sent the browser back to, with its code and state. */
  callbackUrl: URL;
  /** The state this browser started with (its cookie): a different one is refused. */
  browserState: string | undefined;
  now: Date;
  userAgent: string | null;
  /** The browser's live session, if any: the same person signing in again steps it up. */
  currentSession?: { sessionId: string; userId: string };
}

export interface SsoSignInResult {
  user: UserRow;
  provider: IdentityProvider;
  /** The portal's page to go back to, as the sign-in was started with. */
  returnTo: string | null;
  /** The session's cookie: a new session's, or the stepped-up session's new token. */
  session: { token: string; expiresAt: Date };
  /** The browser's own session was stepped up (same person) rather than a new one opened. */
  steppedUp: boolean;
}

type Deps = {
  settings: Pick<Settings, 'staffSso' | 'ssoRecheckMinutes'>;
  clients: IdentityProviderClients;
};

/**
 * Finishes an authorization code flow: spends its state (once), exchanges the code with the
 * PKCE verifier, verifies the ID token (signature, issuer, audience, expiry, nonce), then admits
 * the person it names: staff by the role their claims map to, a customer into the account whose
 * domain their address is of (created at their first sign-in unless the account is by
 * invitation only). Any refusal creates nothing.
 */
export async function finishSsoSignIn(
  db: Database,
  { settings, clients }: Deps,
  { callbackUrl, browserState, now, userAgent, currentSession }: FinishSsoSignInInput,
): Promise<SsoSignInResult> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  // Spent before anything else, outside the transaction: a refused attempt stays spent, so an
  // answer brought to another browser (login forgery) is dead for its own browser too.
  const [pending] = await db
    .update(ssoSignIns)
    .set({ usedAt: now })
    .where(and(eq(ssoSignIns.stateHash, hashToken(state)), isNull(ssoSignIns.usedAt)))
    .returning();
  if (!pending || pending.expiresAt <= now || state !== browserState) {
    throw ssoRefusal('state_invalid');
  }
  const provider = await providerByKey(db, settings, pending.providerKey);
  if (!provider) throw ssoRefusal('not_configured');
  const config = await clients.configurationOf(provider);

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw refusalOf(error);
  }
  const claims = tokens.claims();
  if (!claims) throw ssoRefusal('token_invalid');
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified === false) throw ssoRefusal('email_unverified');
  if (!provider.domains.includes(domainOf(email))) throw ssoRefusal('domain_mismatch');
  const identity = { issuer: claims.iss, subject: claims.sub };

  const staffRole =
    provider.key === STAFF_PROVIDER_KEY && settings.staffSso
      ? staffRoleOf(claims, settings.staffSso)
      : undefined;
  if (provider.key === STAFF_PROVIDER_KEY && !staffRole) {
    // Removed from the staff's groups: whatever sessions they still hold end now.
    const known =
      (await linkedUserOf(db, identity)) ??
      (claims.email_verified === true ? await userOfEmail(db, email) : undefined);
    if (known && sideOf(known.role) === 'staff') await endSessionsOf(db, known.id, now);
    throw ssoRefusal('no_role');
  }

  return db.transaction(async (tx) => {
    const linked = await linkedUserOf(tx, identity, { lock: true });
    const known = linked ?? (await firstLinkOf(tx, identity, email, claims.email_verified));
    const user =
      provider.accountId === null
        ? await admitStaff(tx, known, email, staffRole ?? 'agent', now)
        : await admitCustomer(tx, provider, known, email, now);
    if (!linked) {
      await tx
        .insert(ssoIdentities)
        .values({ ...identity, userId: user.id, linkedAt: now })
        .onConflictDoNothing();
    }
    if (user.suspendedAt) throw ssoRefusal('suspended');
    // The names the provider knows fill those the person has not given yet.
    const named = (claim: unknown) =>
      (typeof claim === 'string' && claim.trim().slice(0, 100)) || null;
    const [signedIn] = await tx
      .update(users)
      .set({
        lastSignInAt: now,
        firstName: sql`coalesce(${users.firstName}, ${named(claims.given_name)})`,
        lastName: sql`coalesce(${users.lastName}, ${named(claims.family_name)})`,
      })
      .where(eq(users.id, user.id))
      .returning();
    const signIn = { method: 'sso' as const, provider: provider.name };
    const renewed =
      currentSession?.userId === user.id
        ? await reauthenticateSession(tx, currentSession.sessionId, user.id, now, signIn)
        : undefined;
    let sessionId: string;
    let session: { token: string; expiresAt: Date };
    if (renewed && currentSession) {
      sessionId = currentSession.sessionId;
      session = renewed;
    } else {
      session = await createSession(tx, user.id, now, userAgent, signIn);
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(session.token)));
      if (!row) throw new Error('the new session was not found');
      sessionId = row.id;
    }
    const recheck = {
      providerKey: provider.key,
      subject: claims.sub,
      refreshToken: tokens.refresh_token ?? null,
      checkDueAt: addSeconds(now, settings.ssoRecheckMinutes * 60),
    };
    await tx
      .insert(ssoSessions)
      .values({ sessionId, userId: user.id, ...recheck })
      .onConflictDoUpdate({ target: ssoSessions.sessionId, set: recheck });
    return {
      user: signedIn ?? user,
      provider,
      session,
      steppedUp: Boolean(renewed),
      returnTo: pending.returnTo,
    };
  });
}

/** The person an identity provider's (issuer, subject) was linked to, if any. */
async function linkedUserOf(
  db: Database | Transaction,
  { issuer, subject }: { issuer: string; subject: string },
  { lock = false }: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  const [row] = lock ? await query.for('update') : await query;
  return row?.user;
}

async function userOfEmail(db: Database | Transaction, email: string, { lock = false } = {}) {
  const query = db.select().from(users).where(eq(users.email, email));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The person a subject not linked yet is about to be linked to: found by address only when the
 * provider says it verified that address, and only if that person is not already linked to
 * another subject of the same provider (an address changed at the provider takes nobody over).
 */
async function firstLinkOf(
  tx: Transaction,
  identity: { issuer: string; subject: string },
  email: string,
  emailVerified: unknown,
): Promise<UserRow | undefined> {
  if (emailVerified !== true) throw ssoRefusal('email_unverified');
  const known = await userOfEmail(tx, email, { lock: true });
  if (!known) return undefined;
  const [other] = await tx
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, known.id), eq(ssoIdentities.issuer, identity.issuer)));
  if (other) throw ssoRefusal('identity_conflict');
  return known;
}

/**
 * A person of the staff's domains whose claims grant a role: created at their first sign-in,
 * their role set from the claims at every sign-in. An address already in a customer account is
 * refused.
 */
async function admitStaff(
  tx: Transaction,
  known: UserRow | undefined,
  email: string,
  role: Role,
  now: Date,
): Promise<UserRow> {
  if (known && known.accountId) throw ssoRefusal('account_elsewhere');
  if (known) {
    const [updated] = await tx
      .update(users)
      .set({ role, siteIds: null, rules: null, pendingApprovalSince: null })
      .where(eq(users.id, known.id))
      .returning();
    if (known.role !== role) {
      await recordAudit(tx, {
        accountId: null,
        actor: { userId: null, label: 'single sign-on' },
        action: 'member.role_changed',
        target: { type: 'user', id: known.id, label: email },
        before: { role: known.role },
        after: { role, via: 'sso' },
        at: now,
      });
    }
    return updated ?? known;
  }
  const [created] = await tx.insert(users).values({ email, role, createdAt: now }).returning();
  if (!created) throw new Error('the new staff member was not created');
  await recordAudit(tx, {
    accountId: null,
    actor: { userId: null, label: 'single sign-on' },
    action: 'staff.added',
    target: { type: 'user', id: created.id, label: email },
    after: { role, via: 'sso' },
    at: now,
  });
  return created;
}

/**
 * A person of a domain the account's identity provider serves: a member of the account signs
 * in; an invitee joins it as invited; anyone else joins it with the account's default role at
 * their first sign-in (just in time), unless the account is by invitation only. An address of another account, or of staff,
 * is refused.
 */
async function admitCustomer(
  tx: Transaction,
  provider: IdentityProvider,
  known: UserRow | undefined,
  email: string,
  now: Date,
): Promise<UserRow> {
  const accountId = provider.accountId ?? '';
  if (known && known.accountId === accountId) return known;
  if (known && (known.accountId || sideOf(known.role) === 'staff')) {
    throw ssoRefusal('account_elsewhere');
  }
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, accountId),
        eq(invitations.email, email),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .for('update');
  const [terms] = await tx
    .select({
      defaultRole: accountSsoProviders.defaultRole,
      invitationOnly: accountSsoProviders.invitationOnly,
    })
    .from(accountSsoProviders)
    .where(eq(accountSsoProviders.accountId, accountId));
  if (!terms) throw ssoRefusal('not_configured');
  // An open invitation to this account admits its invitee with the role and sites it names,
  // by invitation only or not; otherwise the account's default role, if it takes anyone.
  if (!invitation && terms.invitationOnly) throw ssoRefusal('invitation_only');
  const joining = {
    accountId,
    role: invitation ? invitation.role : terms.defaultRole,
    siteIds: invitation ? invitation.siteIds : null,
    rules: null,
    pendingApprovalSince: null,
  };
  const [member] = known
    ? await tx.update(users).set(joining).where(eq(users.id, known.id)).returning()
    : await tx
        .insert(users)
        .values({ email, createdAt: now, ...joining })
        .returning();
  if (invitation) {
    await tx.update(invitations).set({ acceptedAt: now }).where(eq(invitations.id, invitation.id));
  }
  if (!member) throw new Error('the new member was not created');
  await recordAudit(tx, {
    accountId,
    actor: { userId: member.id, label: email },
    action: 'member.joined',
    target: { type: 'user', id: member.id, label: email },
    after: { role: joining.role, siteIds: joining.siteIds, via: 'sso' },
    at: now,
  });
  return member;
}
