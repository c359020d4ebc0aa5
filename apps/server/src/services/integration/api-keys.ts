import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyPolicy, ApiKeyScope, CreatedApiKey, PageQuery } from '@portal/contract';
import type { Settings } from '../../config/env';
import type { Database, Transaction } from '../../db/client';
import { accounts, apiKeys, users } from '../../db/schema';
import { recordAudit, type Actor } from '../accounts/audit';
import { hashToken } from '../auth/tokens';
import { DomainError } from '../domain-error';
import type { SiteScope } from '../site-scope';
import { makerColumns, makerOf, makerSiteScope, scopesHeldByMaker } from './maker-scope';

/**
 * A key is `cpk_` and 256 random bits (base64url). Its first 12 characters are its prefix: not
 * secret, shown in the portal, and what finds its row; the rest is only ever compared as a hash.
 */
const KEY_PATTERN = /^cpk_[A-Za-z0-9_-]{43}$/;
const PREFIX_LENGTH = 12;
/** Active (unrevoked) keys an account may hold: one per machine or integration, not one per call. */
export const ACTIVE_API_KEYS_MAX = 50;
/** Last use is written at most this often per key: a busy key is not a write per call. */
const LAST_USED_PRECISION_MS = 60_000;

export interface AuthenticatedApiKey {
  id: string;
  accountId: string;
  /** The key's scopes that its maker's role still holds. */
  scopes: ApiKeyScope[];
  /** The sites the key reads and writes: its maker's, as they are now; null for all. */
  siteIds: SiteScope;
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
  };
}

const DAY_MS = 24 * 3600 * 1000;

/** Keys that never expire unless asked to: what a tool that reads no settings makes. */
export const UNLIMITED_API_KEY_LIFETIME: Settings['apiKeys'] = {
  maxLifetimeDays: 0,
  rotationOverlapHours: 24,
  expiryWarningDays: 14,
};

/** The lifetime rules of the portal's keys, as the form that makes them shows them. */
export function apiKeyPolicy(settings: Settings['apiKeys']): ApiKeyPolicy {
  return {
    maxLifetimeDays: settings.maxLifetimeDays || null,
    rotationOverlapHours: settings.rotationOverlapHours,
    expiryWarningDays: settings.expiryWarningDays,
  };
}

/**
 * When a new key expires: the moment asked for, which must lie ahead and within the longest
 * lifetime; none asked, the longest lifetime, or never when the portal sets none.
 */
function expiryOf(
  requested: string | undefined,
  policy: Settings['apiKeys'],
  now: Date,
): Date | null {
  const latest = policy.maxLifetimeDays
    ? new Date(now.getTime() + policy.maxLifetimeDays * DAY_MS)
    : null;
  if (requested === undefined) return latest;
  const expiresAt = new Date(requested);
  if (expiresAt.getTime() <= now.getTime())
    throw new DomainError('integration.api_key_expiry_in_past');
  if (latest && expiresAt.getTime() > latest.getTime())
    throw new DomainError('integration.api_key_expiry_too_far');
  return expiresAt;
}

/** A key that is neither revoked nor past its expiry. */
const isLive = (now: Date) =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)));

const keyLabel = (row: { name: string; prefix: string }) => `${row.name} (${row.prefix}…)`;

/**
 * Creates a key for the account, written to its audit trail with who made it (an admin, staff,
 * the command line), and its expiry when it has one; the answer is the only place the key itself
 * ever appears.
 */
export async function createApiKey(
  db: Database,
  {
    accountId,
    name,
    scopes,
    expiresAt,
    policy = UNLIMITED_API_KEY_LIFETIME,
    actor,
    now,
  }: {
    accountId: string;
    name: string;
    scopes: readonly ApiKeyScope[];
    /** ISO date-time; see `expiryOf`. */
    expiresAt?: string;
    policy?: Settings['apiKeys'];
    actor: Actor;
    now: Date;
  },
): Promise<CreatedApiKey> {
  const expiry = expiryOf(expiresAt, policy, now);
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isLive(now)));
  if ((active?.n ?? 0) >= ACTIVE_API_KEYS_MAX)
    throw new DomainError('integration.too_many_api_keys');
  return db.transaction(async (tx) => {
    const created = await insertApiKey(tx, { accountId, name, scopes, expiry, actor, now });
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.api_key_created',
      target: { type: 'api_key', id: created.row.id, label: keyLabel(created.row) },
      after: { scopes: created.row.scopes },
      at: now,
    });
    await recordExpirySet(tx, created.row, actor, now);
    return { apiKey: presentApiKey(created.row), key: created.key };
  });
}

/**
 * Rotates a key: a new secret with the same name and scopes, made by whoever rotates it, and the
 * old one works on for the overlap (or until its own expiry, if sooner), so the machines can be
 * given the new one without a gap. A key is rotated once; a revoked or expired one is not.
 */
export async function rotateApiKey(
  db: Database,
  {
    accountId,
    id,
    expiresAt,
    policy,
    actor,
    now,
  }: {
    accountId: string;
    id: string;
    expiresAt?: string;
    policy: Settings['apiKeys'];
    actor: Actor;
    now: Date;
  },
): Promise<CreatedApiKey> {
  const expiry = expiryOf(expiresAt, policy, now);
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isLive(now)))
      .for('update');
    if (!old) throw new DomainError('request.not_found');
    if (old.rotatedAt) throw new DomainError('integration.api_key_already_rotated');
    const overlapEnd = new Date(now.getTime() + policy.rotationOverlapHours * 3600 * 1000);
    const worksUntil = old.expiresAt && old.expiresAt < overlapEnd ? old.expiresAt : overlapEnd;
    await tx
      .update(apiKeys)
      .set({ rotatedAt: now, expiresAt: worksUntil })
      .where(eq(apiKeys.id, old.id));
    const created = await insertApiKey(tx, {
      accountId,
      name: old.name,
      scopes: old.scopes,
      expiry,
      actor,
      now,
    });
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.api_key_rotated',
      target: { type: 'api_key', id: old.id, label: keyLabel(old) },
      before: { expiresAt: old.expiresAt?.toISOString() ?? null },
      after: { rotatedTo: keyLabel(created.row), worksUntil: worksUntil.toISOString() },
      at: now,
    });
    await recordExpirySet(tx, created.row, actor, now);
    return { apiKey: presentApiKey(created.row), key: created.key };
  });
}

async function recordExpirySet(tx: Transaction, row: ApiKeyRow, actor: Actor, now: Date) {
  if (!row.expiresAt) return;
  await recordAudit(tx, {
    accountId: row.accountId,
    actor,
    action: 'integration.api_key_expiry_set',
    target: { type: 'api_key', id: row.id, label: keyLabel(row) },
    after: { expiresAt: row.expiresAt.toISOString() },
    at: now,
  });
}

/** Draws a key and inserts its row; 48 random bits of prefix: a collision is rare, then redrawn. */
async function insertApiKey(
  tx: Transaction,
  input: {
    accountId: string;
    name: string;
    scopes: readonly ApiKeyScope[];
    expiry: Date | null;
    actor: Actor;
    now: Date;
  },
): Promise<{ row: ApiKeyRow; key: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = `cpk_${randomBytes(32).toString('base64url')}`;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId: input.accountId,
        name: input.name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashToken(key),
        scopes: [...new Set(input.scopes)],
        createdByUserId: input.actor.userId,
        createdAt: input.now,
        expiresAt: input.expiry,
      })
      .onConflictDoNothing({ target: apiKeys.prefix })
      .returning();
    if (row) return { row, key };
  }
  throw new Error('no free API key prefix after 5 draws');
}

/** The account's keys, revoked ones included (they say when), newest first. */
export async function listApiKeys(
  db: Database,
  accountId: string,
  { limit, offset }: PageQuery,
): Promise<{ apiKeys: ApiKey[]; nextOffset: number | null }> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit + 1)
    .offset(offset);
  return {
    apiKeys: rows.slice(0, limit).map(presentApiKey),
    nextOffset: rows.length > limit ? offset + limit : null,
  };
}

/**
 * Revokes a key at once: the next call with it is refused. Revoking twice is no error (and is
 * audited once); another account's key is as unknown as a missing one.
 */
export async function revokeApiKey(
  db: Database,
  { accountId, id, actor, now }: { accountId: string; id: string; actor: Actor; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: apiKeys.name, prefix: apiKeys.prefix, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId)))
      .for('update');
    if (!row) throw new DomainError('request.not_found');
    if (row.revokedAt) return;
    await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'integration.api_key_revoked',
      target: { type: 'api_key', id, label: keyLabel(row) },
      at: now,
    });
  });
}

/**
 * The live key a caller presented, `suspended` when its account is suspended, `expired` past
 * its expiry (so its integrator learns why), or undefined (unknown, malformed, revoked, or its
 * maker may no longer see anything of the account). The row
 * is found by the key's public prefix, and the hashes compared in constant time, so the time an
 * answer takes says nothing about how much of a guessed key was right.
 */
export async function authenticateApiKey(
  db: Database,
  presented: string,
  now: Date,
): Promise<AuthenticatedApiKey | 'suspended' | 'expired' | undefined> {
  if (!KEY_PATTERN.test(presented)) return undefined;
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      keyHash: apiKeys.keyHash,
      expiresAt: apiKeys.expiresAt,
      accountSuspendedAt: accounts.suspendedAt,
      createdByUserId: apiKeys.createdByUserId,
      ...makerColumns,
    })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.prefix, presented.slice(0, PREFIX_LENGTH)), isNull(apiKeys.revokedAt)));
  const expected = Buffer.from(row?.keyHash ?? hashToken('cpk_no-such-key'));
  const actual = Buffer.from(hashToken(presented));
  const same = expected.length === actual.length && timingSafeEqual(expected, actual);
  if (!row || !same) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  // A suspended account is told so: its integrator learns why, not that the key is wrong.
  if (row.accountSuspendedAt) return 'suspended';
  const maker = makerOf(row);
  const siteIds = makerSiteScope(row.createdByUserId, maker, row.accountId);
  if (siteIds === 'none') return undefined;
  return {
    id: row.id,
    accountId: row.accountId,
    scopes: scopesHeldByMaker(row.scopes, row.createdByUserId, maker),
    siteIds,
  };
}

/** Notes that a key was used, to the minute. */
export async function touchApiKey(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)),
        ),
      ),
    );
}

/** The account a command-line argument names: its id, or its exact name if only one has it. */
export async function findAccount(
  db: Database,
  idOrName: string,
): Promise<{ id: string; name: string }> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrName);
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(isUuid ? eq(accounts.id, idOrName) : eq(accounts.name, idOrName))
    .limit(2);
  if (rows.length !== 1) throw new DomainError('request.not_found');
  return rows[0]!;
}
