import { hash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../../db/client';
import { apiIdempotency } from '../../db/schema';
import { DomainError } from '../domain-error';

/** How long a machine's Idempotency-Key is remembered; after that it may be used again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600 * 1000;

export interface IdempotentCall {
  accountId: string;
  key: string | undefined;
  /** Which endpoint: the same key on another endpoint is another request. */
  operation: string;
  body: unknown;
  now: Date;
}

export interface StoredAnswer<Response> {
  statusCode: number;
  response: Response;
}

const requestHashOf = (operation: string, body: unknown) =>
  hash('sha256', `${operation}\n${JSON.stringify(body)}`, 'base64url');

/**
 * The first answer to this key, if it was already used (a replay), read without a lock or a
 * write. The same key with another request is refused with 422.
 */
export async function findReplay<Response>(
  db: Database,
  call: IdempotentCall,
): Promise<StoredAnswer<Response> | undefined> {
  if (!call.key) return undefined;
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.accountId, call.accountId), eq(apiIdempotency.key, call.key)));
  if (!row || row.createdAt.getTime() < call.now.getTime() - IDEMPOTENCY_KEY_TTL_MS) {
    return undefined;
  }
  if (row.requestHash !== requestHashOf(call.operation, call.body)) {
    throw new DomainError('request.idempotency_mismatch');
  }
  return { statusCode: row.statusCode, response: row.response as Response };
}

/**
 * Runs `work` once per account and Idempotency-Key, in one transaction with the record of its
 * answer. A twin sent at the same moment waits on the key's row, then answers the first one's
 * result (or 422 when its body differs). Without a key, `work` simply runs.
 */
export async function runOnce<Response>(
  db: Database,
  call: IdempotentCall,
  work: (tx: Transaction) => Promise<StoredAnswer<Response>>,
): Promise<StoredAnswer<Response> & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    if (!call.key) return { ...(await work(tx)), replayed: false };
    const requestHash = requestHashOf(call.operation, call.body);
    await tx
      .delete(apiIdempotency)
      .where(
        and(
          eq(apiIdempotency.accountId, call.accountId),
          eq(apiIdempotency.key, call.key),
          lt(apiIdempotency.createdAt, new Date(call.now.getTime() - IDEMPOTENCY_KEY_TTL_MS)),
        ),
      );
    const [claimed] = await tx
      .insert(apiIdempotency)
      .values({
        accountId: call.accountId,
        key: call.key,
        operation: call.operation,
        requestHash,
        statusCode: 0,
        response: {},
        createdAt: call.now,
      })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.key });
    if (!claimed) {
      const [first] = await tx
        .select()
        .from(apiIdempotency)
        .where(and(eq(apiIdempotency.accountId, call.accountId), eq(apiIdempotency.key, call.key)));
      if (!first) throw new Error(`the answer to Idempotency-Key ${call.key} vanished`);
      if (first.requestHash !== requestHash) throw new DomainError('request.idempotency_mismatch');
      return { statusCode: first.statusCode, response: first.response as Response, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(apiIdempotency)
      .set({ statusCode: answer.statusCode, response: answer.response as object })
      .where(and(eq(apiIdempotency.accountId, call.accountId), eq(apiIdempotency.key, call.key)));
    return { ...answer, replayed: false };
  });
}

/**
 * Claims many keys of one account at once, in the caller's transaction, as runOnce claims one:
 * a key used within its time to live is not claimed again (its work is done, or being done by
 * a transaction this one waits for). Answers the keys claimed now; their answer is `answer`.
 */
export async function claimKeys(
  tx: Transaction,
  {
    accountId,
    operation,
    calls,
    answer,
    now,
  }: {
    accountId: string;
    operation: string;
    calls: ReadonlyArray<{ key: string; body: unknown }>;
    answer: StoredAnswer<object>;
    now: Date;
  },
): Promise<Set<string>> {
  if (!calls.length) return new Set();
  const keys = calls.map((call) => call.key);
  await tx.execute(sql`
    delete from ${apiIdempotency}
    where account_id = ${accountId} and key = any(${sql.param(keys)}::text[])
      and created_at < ${new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString()}::timestamptz`);
  const claimed = await queryRows<{ key: string }>(
    tx,
    sql`
    insert into ${apiIdempotency}
      (account_id, key, operation, request_hash, status_code, response, created_at)
    select ${accountId}::uuid, t.key, ${operation}, t.request_hash, ${answer.statusCode},
      ${JSON.stringify(answer.response)}::jsonb, ${now.toISOString()}::timestamptz
    from unnest(
      ${sql.param(keys)}::text[],
      ${sql.param(calls.map((call) => requestHashOf(operation, call.body)))}::text[]
    ) as t(key, request_hash)
    on conflict do nothing
    returning key`,
  );
  return new Set(claimed.map((row) => row.key));
}
