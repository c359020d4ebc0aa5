import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, CreatedApiKey, PageQuery } from '@portal/contract';
import type { Database } from '../../db/client';
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
  };
}

/**
 * Creates a key for the account, written to its audit trail with who made it (an admin, staff,
 * the command line); the answer is the only place the key itself ever appears.
 */
export async function createApiKey(
  db: Database,
  {
    accountId,
    name,
    scopes,
    actor,
    now,
  }: {
    accountId: string;
    name: string;
    scopes: readonly ApiKeyScope[];
    actor: Actor;
    now: Date;
  },
): Promise<CreatedApiKey> {
  const [active] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)));
  if ((active?.n ?? 0) >= ACTIVE_API_KEYS_MAX)
    throw new DomainError('integration.too_many_api_keys');
  // 48 random bits of prefix: a collision is rare, and then another key is drawn.
  for (let attempt = 0; attempt < 5; attempt++) {
    const key = `cpk_${randomBytes(32).toString('base64url')}`;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          accountId,
          name,
          prefix: key.slice(0, PREFIX_LENGTH),
          keyHash: hashToken(key),
          scopes: [...new Set(scopes)],
          createdByUserId: actor.userId,
          createdAt: now,
        })
        .onConflictDoNothing({ target: apiKeys.prefix })
        .returning();
      if (!row) return undefined;
      await recordAudit(tx, {
        accountId,
        actor,
        action: 'integration.api_key_created',
        target: { type: 'api_key', id: row.id, label: `${row.name} (${row.prefix}…)` },
        after: { scopes: row.scopes },
        at: now,
      });
      return row;
    });
    if (created) return { apiKey: presentApiKey(created), key };
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
      target: { type: 'api_key', id, label: `${row.name} (${row.prefix}…)` },
      at: now,
    });
  });
}

/**
 * The live key a caller presented, `suspended` when its account is suspended, or undefined
 * (unknown, malformed, revoked, or its maker may no longer see anything of the account). The row
 * is found by the key's public prefix, and the hashes compared in constant time, so the time an
 * answer takes says nothing about how much of a guessed key was right.
 */
export async function authenticateApiKey(
  db: Database,
  presented: string,
): Promise<AuthenticatedApiKey | 'suspended' | undefined> {
  if (!KEY_PATTERN.test(presented)) return undefined;
  const [row] = await db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      scopes: apiKeys.scopes,
      keyHash: apiKeys.keyHash,
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
