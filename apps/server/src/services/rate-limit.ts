import { isIPv4, isIPv6 } from 'node:net';
import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { ErrorCode } from '@portal/contract';
import type { Database, Transaction } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { DomainError } from './domain-error';

export interface RateLimit {
  /** e.g. `mail:ada@example.com`, `signup-ip:203.0.113.7` */
  bucket: string;
  max: number;
  windowSeconds: number;
  /** The 429's error code; `request.rate_limited` unless a sentence of its own says it better. */
  code?: ErrorCode;
}

/**
 * Where a caller stands against one limit, as the `RateLimit-*` answer headers say it: the calls
 * its window allows, those left, and the seconds until the oldest counted call leaves the window
 * (when one more call is allowed again; the whole window when none is counted).
 */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/**
 * Counts one hit against every limit, or refuses with 429 and Retry-After when one is reached.
 * Limits live in the database so they hold across server instances; an advisory lock per bucket
 * (held until the transaction ends) makes concurrent requests count one after the other.
 * Answers where the caller stands against each limit, this hit counted.
 */
export async function consumeRateLimits(
  tx: Transaction,
  limits: readonly RateLimit[],
  now: Date,
): Promise<RateLimitState[]> {
  const states: RateLimitState[] = [];
  for (const limit of limits) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.bucket}, 0))`);
    const state = await readRateLimit(tx, limit, now);
    refuseWhenNoneLeft(limit, state);
    states.push({
      limit: state.limit,
      remaining: state.remaining - 1,
      // This hit is the oldest when it is the only one.
      resetSeconds: state.remaining === state.limit ? limit.windowSeconds : state.resetSeconds,
    });
  }
  await tx
    .insert(rateLimitHits)
    .values(limits.map((limit) => ({ bucket: limit.bucket, hitAt: now })));
  return states;
}

/**
 * Refuses with 429 and Retry-After when a limit is reached, without counting a hit: for work
 * that is counted once done (`countRateLimitHit`), so that a refused request writes nothing.
 * Requests running at the same moment may each pass before any is counted; what they hold
 * must be bounded elsewhere.
 */
export async function refuseWhenReached(
  db: Database | Transaction,
  limit: RateLimit,
  now: Date,
): Promise<void> {
  refuseWhenNoneLeft(limit, await readRateLimit(db, limit, now));
}

/** Where the caller stands against a limit, counting nothing and taking no lock. */
export async function readRateLimit(
  db: Database | Transaction,
  limit: RateLimit,
  now: Date,
): Promise<RateLimitState> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.hitAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.hitAt, windowStart)));
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  return {
    limit: limit.max,
    remaining: Math.max(0, limit.max - (row?.hits ?? 0)),
    resetSeconds: Math.max(
      1,
      Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000),
    ),
  };
}

function refuseWhenNoneLeft(limit: RateLimit, state: RateLimitState): void {
  if (state.remaining <= 0) {
    throw new DomainError(
      limit.code ?? 'request.rate_limited',
      undefined,
      state.resetSeconds,
      undefined,
      limit.max,
    );
  }
}

/** Counts one hit of work done against a limit checked with `refuseWhenReached`. */
export async function countRateLimitHit(db: Database, limit: RateLimit, now: Date) {
  await db.insert(rateLimitHits).values({ bucket: limit.bucket, hitAt: now });
}

/**
 * The network a client address stands for when its requests are counted. An IPv4 address is one
 * client; an IPv6 host is given a whole /64 (SLAAC and privacy addresses rotate inside it), so it
 * is keyed by that prefix, or it could pick a fresh address for every request. An IPv4-mapped
 * IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket) is its IPv4 address.
 */
export function rateLimitNetwork(address: string): string {
  const ip = address.split('%')[0]!.toLowerCase();
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const mapped = /^(?:0{0,4}:){0,5}(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (`::` and IPv4 tail expanded). */
function expandIPv6(ip: string): string[] {
  let text = ip;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros =
    tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => parseInt(group, 16).toString(16));
}

/**
 * Takes up to `wanted` hits from a limit and says how many it got (0 when the limit is reached),
 * for work that is cut short rather than refused, e.g. alert mails past an account's daily cap.
 */
export async function consumeUpTo(
  tx: Database,
  limit: RateLimit,
  wanted: number,
  now: Date,
): Promise<number> {
  if (wanted <= 0) return 0;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.bucket}, 0))`);
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const [row] = await tx
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.hitAt, windowStart)));
  const granted = Math.max(0, Math.min(wanted, limit.max - (row?.hits ?? 0)));
  if (granted > 0) {
    await tx
      .insert(rateLimitHits)
      .values(Array.from({ length: granted }, () => ({ bucket: limit.bucket, hitAt: now })));
  }
  return granted;
}

/** The messages one conversation (a refill request's, a quote's) takes in a minute. */
export function conversationMessageLimit(
  settings: { rateLimits: { messagesPerConversationPerMinute: number } },
  conversation: string,
): RateLimit {
  return {
    bucket: `conversation:${conversation}`,
    max: settings.rateLimits.messagesPerConversationPerMinute,
    windowSeconds: 60,
    code: 'conversation.too_many_messages',
  };
}

/** The PDF documents one user has drawn in a minute: each takes a rendering thread for a while. */
export function documentRenderLimit(
  settings: { rateLimits: { documentsPerUserPerMinute: number } },
  userId: string,
): RateLimit {
  return {
    bucket: `documents:${userId}`,
    max: settings.rateLimits.documentsPerUserPerMinute,
    windowSeconds: 60,
    code: 'documents.too_many_renders',
  };
}

/** The longest window of any limit: hits older than this are pruned. */
export const LONGEST_RATE_LIMIT_WINDOW_SECONDS = 24 * 3600;

/** Old hits count for nothing; the mail worker prunes them now and then. */
export async function pruneRateLimitHits(db: Database, olderThan: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, olderThan));
}
