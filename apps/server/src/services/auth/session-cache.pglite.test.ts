import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMigratedDatabase } from '../../../test/test-server';
import type { DatabaseHandle } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { addSeconds } from '../clock';
import { SESSION_TTL_SECONDS } from './constants';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './session-cache';
import type { ActiveSession } from './active-session';
import { createSession, resolveSession, revokeSession } from './sessions';

const now = new Date('2026-11-22T10:00:00Z');

function session(id: string, userId: string, expiresAt = addSeconds(now, 3600)): ActiveSession {
  return {
    sessionId: id,
    expiresAt,
    lastSeenAt: now,
    user: { id: userId, accountId: `account-of-${userId}` } as ActiveSession['user'],
    signInMethod: 'link',
    authenticatedAt: now,
  };
}

describe('SessionCache', () => {
  it('answers a cached session until it expires', () => {
    const cache = new SessionCache();
    cache.set('hash-a', session('s1', 'u1', addSeconds(now, 60)), now);
    expect(cache.get('hash-a', now)?.sessionId).toBe('s1');
    expect(cache.get('hash-a', addSeconds(now, 60))).toBeUndefined();
    expect(cache.get('hash-a', now)).toBeUndefined();
  });

  it('reads an entry again from the database after a minute', () => {
    const cache = new SessionCache();
    cache.set('hash-a', session('s1', 'u1'), now);
    expect(cache.get('hash-a', addSeconds(now, 60))?.sessionId).toBe('s1');
    expect(cache.get('hash-a', addSeconds(now, 61))).toBeUndefined();
  });

  it('never keeps the renewed token of the request that cached it', () => {
    const cache = new SessionCache();
    cache.set('hash-a', { ...session('s1', 'u1'), renewedToken: 'token' }, now);
    expect(cache.get('hash-a', now)?.renewedToken).toBeUndefined();
  });

  it('forgets by session and by user', () => {
    const cache = new SessionCache();
    cache.set('hash-a', session('s1', 'u1'), now);
    cache.set('hash-b', session('s2', 'u1'), now);
    cache.set('hash-c', session('s3', 'u2'), now);
    cache.forgetSession('s3');
    expect(cache.get('hash-c', now)).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.size).toBe(0);
  });

  it('forgets what the database announces, and everything for an announcement it cannot read', () => {
    const cache = new SessionCache();
    cache.set('hash-a', session('s1', 'u1'), now);
    cache.set('hash-b', session('s2', 'u2'), now);
    cache.set('hash-c', session('s3', 'u3'), now);
    cache.set('hash-d', session('s4', 'u4'), now);
    cache.forgetAnnounced('{"kind":"session","id":"s1"}');
    expect(cache.get('hash-a', now)).toBeUndefined();
    cache.forgetAnnounced('{"kind":"user","id":"u2"}');
    expect(cache.get('hash-b', now)).toBeUndefined();
    cache.forgetAnnounced('{"kind":"account","id":"account-of-u3"}');
    expect(cache.get('hash-c', now)).toBeUndefined();
    expect(cache.get('hash-d', now)?.sessionId).toBe('s4');
    cache.forgetAnnounced('{"kind":"drum","id":"x"}');
    expect(cache.size).toBe(0);
    cache.set('hash-d', session('s4', 'u4'), now);
    cache.forgetAnnounced('not json');
    expect(cache.size).toBe(0);
  });

  it('keeps and answers nothing while it cannot hear the announcements', () => {
    const cache = new SessionCache();
    cache.set('hash-a', session('s1', 'u1'), now);
    cache.stopTrusting();
    expect(cache.get('hash-a', now)).toBeUndefined();
    cache.set('hash-b', session('s2', 'u2'), now);
    expect(cache.size).toBe(0);
    cache.startTrusting();
    cache.set('hash-b', session('s2', 'u2'), now);
    expect(cache.get('hash-b', now)?.sessionId).toBe('s2');
  });

  it('pushes out the least recently used entry beyond its size', () => {
    const cache = new SessionCache(2);
    cache.set('hash-a', session('s1', 'u1'), now);
    cache.set('hash-b', session('s2', 'u2'), now);
    cache.get('hash-a', now);
    cache.set('hash-c', session('s3', 'u3'), now);
    expect(cache.get('hash-b', now)).toBeUndefined();
    expect(cache.get('hash-a', now)?.sessionId).toBe('s1');
    expect(cache.get('hash-c', now)?.sessionId).toBe('s3');
  });
});

describe('resolveSession with a cache', () => {
  let database: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    database = await openMigratedDatabase('memory://');
    const [user] = await database.db
      .insert(users)
      .values({ email: 'cached@example.com' })
      .returning({ id: users.id });
    userId = user!.id;
  }, 30_000);
  afterAll(async () => database.close());

  it('asks the database once, then answers from the cache', async () => {
    const cache = new SessionCache();
    const { token } = await createSession(database.db, userId, now);
    const first = await resolveSession(database.db, token, now, { cache });
    expect(first?.user.id).toBe(userId);
    // Written behind the cache's back, with nobody listening: the cache still answers.
    await database.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, userId));
    expect((await resolveSession(database.db, token, now, { cache }))?.sessionId).toBe(
      first?.sessionId,
    );
    expect(await resolveSession(database.db, token, now)).toBeUndefined();
  });

  it('hears the database announce a change made by any statement, and forgets it', async () => {
    const cache = new SessionCache();
    await database.listen(SESSION_CHANGES_CHANNEL, {
      onMessage: (payload) => cache.forgetAnnounced(payload),
      onLost: () => cache.stopTrusting(),
      onBack: () => cache.startTrusting(),
    });
    const { token } = await createSession(database.db, userId, now);
    expect(await resolveSession(database.db, token, now, { cache })).toBeDefined();
    await database.db.update(users).set({ suspendedAt: now }).where(eq(users.id, userId));
    await vi.waitFor(() => expect(cache.size).toBe(0));
    expect(await resolveSession(database.db, token, now, { cache })).toBeUndefined();
    await database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
  });

  it('is told of a sign-out, and extends a session in its last days through the database', async () => {
    const cache = new SessionCache();
    const { token } = await createSession(database.db, userId, now);
    const resolved = await resolveSession(database.db, token, now, { cache });
    await revokeSession(database.db, resolved!.sessionId, now, cache);
    expect(await resolveSession(database.db, token, now, { cache })).toBeUndefined();

    const second = await createSession(database.db, userId, now);
    await resolveSession(database.db, second.token, now, { cache });
    const lateInLife = addSeconds(now, SESSION_TTL_SECONDS - 10 * 86_400);
    const renewed = await resolveSession(database.db, second.token, lateInLife, { cache });
    expect(renewed?.renewedToken).toBe(second.token);
    expect(renewed?.expiresAt).toEqual(addSeconds(lateInLife, SESSION_TTL_SECONDS));
  });
});
