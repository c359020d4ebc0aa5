import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { MAX_PASSKEYS_PER_USER, sideOf, type Passkey } from '@portal/contract';
import type { Database, Transaction } from '../../db/client';
import { passkeyChallenges, passkeys, users } from '../../db/schema';
import type { Settings } from '../../config/env';
import { recordAudit } from '../accounts/audit';
import { addSeconds } from '../clock';
import { DomainError } from '../domain-error';
import type { UserRow } from './active-session';
import { generateToken, hashToken } from './tokens';

/** A challenge is answered within this time, or not at all. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export type ChallengePurpose = 'register' | 'sign_in' | 'step_up';

/** The relying party is the portal's public address: its host name and its origin. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(settings: Pick<Settings, 'publicUrl' | 'provider'>): RelyingParty {
  return {
    id: settings.publicUrl.hostname,
    origin: settings.publicUrl.origin,
    name: settings.provider.name,
  };
}

const refused = (reason: string) =>
  new DomainError('auth.passkey_refused', undefined, undefined, reason);

/**
 * Stores a new challenge and answers the cookie that names it: the answer must come from the
 * browser holding that cookie and, when `sessionId` is set, in that session.
 */
async function storeChallenge(
  db: Database,
  challenge: string,
  purpose: ChallengePurpose,
  sessionId: string | null,
  now: Date,
): Promise<{ cookie: string; expiresAt: Date }> {
  const cookie = generateToken();
  const expiresAt = addSeconds(now, CHALLENGE_TTL_SECONDS);
  await db.insert(passkeyChallenges).values({
    cookieHash: hashToken(cookie),
    challenge,
    purpose,
    sessionId,
    expiresAt,
    createdAt: now,
  });
  return { cookie, expiresAt };
}

/**
 * Spends the challenge a cookie names, whatever comes next: one answer per challenge, so a
 * replayed answer finds it used. The spend is a conditional UPDATE … RETURNING: of two answers
 * at once exactly one gets the row.
 */
async function spendChallenge(
  db: Database,
  cookie: string | undefined,
  purpose: ChallengePurpose,
  sessionId: string | null,
  now: Date,
): Promise<string> {
  if (!cookie)
    throw new DomainError('auth.passkey_challenge_invalid', undefined, undefined, 'none');
  const [row] = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(passkeyChallenges.cookieHash, hashToken(cookie)),
        eq(passkeyChallenges.purpose, purpose),
        isNull(passkeyChallenges.usedAt),
      ),
    )
    .returning();
  const invalid = (reason: string) =>
    new DomainError('auth.passkey_challenge_invalid', undefined, undefined, reason);
  if (!row) throw invalid('unknown or already used');
  if (row.expiresAt <= now) throw invalid('expired');
  if (row.sessionId !== sessionId) throw invalid('other session');
  return row.challenge;
}

/** The user handle a passkey carries: the person's id, as bytes. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);
const userIdOfHandle = (handle: string) =>
  new TextDecoder().decode(Buffer.from(handle, 'base64url'));

export interface RegistrationStart {
  options: Record<string, unknown>;
  cookie: string;
  expiresAt: Date;
}

/** Options for adding a passkey: a discoverable credential, user verification preferred. */
export async function startRegistration(
  db: Database,
  rp: RelyingParty,
  user: UserRow,
  sessionId: string,
  now: Date,
): Promise<RegistrationStart> {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw new DomainError('auth.passkey_refused', undefined, undefined, 'too many passkeys');
  }
  const displayName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandleOf(user.id),
    userDisplayName: displayName,
    attestationType: 'none',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    // The same authenticator is not registered twice.
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const stored = await storeChallenge(db, options.challenge, 'register', sessionId, now);
  return { options: { ...options }, ...stored };
}

/** Checks the browser's answer to a registration and stores the passkey under its name. */
export async function finishRegistration(
  db: Database,
  rp: RelyingParty,
  {
    user,
    sessionId,
    cookie,
    name,
    credential,
    now,
  }: {
    user: UserRow;
    sessionId: string;
    cookie: string | undefined;
    name: string;
    credential: RegistrationResponseJSON;
    now: Date;
  },
): Promise<Passkey> {
  const challenge = await spendChallenge(db, cookie, 'register', sessionId, now);
  const verification = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw refused(`registration: ${(error as Error).message}`);
  });
  if (!verification.verified) throw refused('registration not verified');
  const { credential: verified } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.credentialId, verified.id));
    if (taken) throw refused('credential already registered');
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: verified.id,
        publicKey: Buffer.from(verified.publicKey).toString('base64url'),
        counter: verified.counter,
        transports: verified.transports ?? [],
        name,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('passkey insert returned nothing');
    await auditPasskey(tx, user, 'passkey.added', row, now);
    return toPasskey(row);
  });
}

/** Options for signing in: no credential named, the browser offers the person's passkeys. */
export async function startAuthentication(
  db: Database,
  rp: RelyingParty,
  purpose: 'sign_in' | 'step_up',
  session: { sessionId: string; userId: string } | null,
  now: Date,
): Promise<RegistrationStart> {
  // A step-up names the person's own passkeys, so the browser offers no one else's.
  const allowCredentials = session
    ? (
        await db
          .select({ id: passkeys.credentialId, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.userId, session.userId))
      ).map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransport[] }))
    : undefined;
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    allowCredentials,
  });
  const stored = await storeChallenge(
    db,
    options.challenge,
    purpose,
    session?.sessionId ?? null,
    now,
  );
  return { options: { ...options }, ...stored };
}

/**
 * Checks a passkey's answer: the challenge this browser was given, our origin and relying party,
 * the signature by the stored key, and a signature counter that went up (one that did not is a
 * cloned authenticator). Answers the passkey's owner; `expectedUserId` (a step-up) refuses a
 * passkey of anyone else.
 */
export async function verifyAssertion(
  db: Database,
  rp: RelyingParty,
  {
    cookie,
    purpose,
    sessionId,
    expectedUserId,
    credential,
    now,
  }: {
    cookie: string | undefined;
    purpose: 'sign_in' | 'step_up';
    sessionId: string | null;
    expectedUserId?: string;
    credential: AuthenticationResponseJSON;
    now: Date;
  },
): Promise<{ user: UserRow; passkey: typeof passkeys.$inferSelect }> {
  const challenge = await spendChallenge(db, cookie, purpose, sessionId, now);
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credential.id));
  if (!found)
    throw new DomainError('auth.passkey_unknown', undefined, undefined, 'no such credential');
  const { passkey, user } = found;
  if (expectedUserId && passkey.userId !== expectedUserId) throw refused('passkey of another user');
  const handle = credential.response.userHandle;
  if (handle && userIdOfHandle(handle) !== passkey.userId) throw refused('user handle mismatch');
  const verification = await verifyAuthenticationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    // The counter is checked below, after the signature, so a refusal for it names a real clone.
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: 0,
      transports: passkey.transports as AuthenticatorTransport[],
    },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw refused(`assertion: ${(error as Error).message}`);
  });
  if (!verification.verified) throw refused('assertion not verified');
  const { newCounter } = verification.authenticationInfo;
  // Authenticators that keep no counter always send 0; one that keeps one must go up.
  if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
    throw refused(`cloned authenticator: counter ${newCounter} after ${passkey.counter}`);
  }
  const [updated] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning();
  // Another answer with the same counter got there first: that too is a copy.
  if (!updated) throw refused('counter raced');
  return { user, passkey: updated };
}

export async function listPasskeys(db: Database, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

export async function countPasskeys(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** Renames one of the person's passkeys; anyone else's is `request.not_found`. */
export async function renamePasskey(
  db: Database,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw new DomainError('request.not_found');
  return toPasskey(row);
}

/** Removes one of the person's passkeys, in the audit trail too. */
export async function removePasskey(
  db: Database,
  user: UserRow,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
      .returning();
    if (!row) throw new DomainError('request.not_found');
    await auditPasskey(tx, user, 'passkey.removed', row, now);
  });
}

export async function auditPasskey(
  tx: Database | Transaction,
  user: UserRow,
  action: 'passkey.added' | 'passkey.removed' | 'passkey.used_for_step_up',
  passkey: { id: string; name: string },
  now: Date,
): Promise<void> {
  await recordAudit(tx, {
    // A customer's changes are in their account's trail; staff's in the provider's own.
    accountId: sideOf(user.role) === 'staff' ? null : user.accountId,
    actor: { userId: user.id, label: user.email },
    action,
    target: { type: 'passkey', id: passkey.id, label: passkey.name },
    after: { name: passkey.name },
    at: now,
  });
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export type StaffPasskeyRule = Settings['staffPasskey'];

/**
 * Staff who must add a passkey and hold none: until when a mailed link alone still admits them
 * (the grace period from the link sign-in that first asked them). Null for everyone else.
 */
export async function passkeyDeadline(
  db: Database | Transaction,
  rule: StaffPasskeyRule,
  user: Pick<UserRow, 'id' | 'role' | 'passkeyAskedAt'>,
): Promise<Date | null> {
  if (!rule.required || sideOf(user.role) !== 'staff' || !user.passkeyAskedAt) return null;
  if ((await countPasskeys(db, user.id)) > 0) return null;
  return addSeconds(user.passkeyAskedAt, rule.graceDays * 24 * 3600);
}

/**
 * A link sign-in of staff: the first asks them to add a passkey (from then on the grace period
 * runs); once it is over without one, the link no longer admits them.
 */
export async function checkStaffLinkSignIn(
  tx: Transaction,
  rule: StaffPasskeyRule,
  user: UserRow,
  now: Date,
): Promise<UserRow> {
  if (!rule.required || sideOf(user.role) !== 'staff') return user;
  if (!user.passkeyAskedAt) {
    if ((await countPasskeys(tx, user.id)) > 0) return user;
    const [asked] = await tx
      .update(users)
      .set({ passkeyAskedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return asked ?? user;
  }
  const deadline = await passkeyDeadline(tx, rule, user);
  if (deadline && deadline <= now) {
    throw new DomainError('auth.passkey_required', undefined, undefined, 'staff link sign-in');
  }
  return user;
}
