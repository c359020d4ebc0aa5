import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { DomainError } from './domain-error';

export interface RateLimit {
  /** e.g. `mail:ada@example.com`, `signup-ip:203.0.113.7` */
  bucket: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against every limit, or refuses with 429 and Retry-After when one is reached.
 * Limits live in the database so they hold across server instances; an advisory lock per bucket
 * (held until the transaction ends) makes concurrent requests count one after the other.
 */
export async function consumeRateLimits(
  tx: Transaction,
  limits: readonly RateLimit[],
  now: Date,
): Promise<void> {
  for (const limit of limits) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.bucket}, 0))`);
    const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await tx
      .select({ hits: count(), oldest: min(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.hitAt, windowStart)));
    if ((row?.hits ?? 0) >= limit.max) {
      const oldest = row?.oldest ? new Date(row.oldest) : now;
      const retryAfter = Math.max(
        1,
        Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
      );
      throw new DomainError('request.rate_limited', undefined, retryAfter);
    }
  }
  await tx
    .insert(rateLimitHits)
    .values(limits.map((limit) => ({ bucket: limit.bucket, hitAt: now })));
}

/** Old hits count for nothing; the mail worker prunes them now and then. */
export async function pruneRateLimitHits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, olderThan));
}
