import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openMigratedDatabase } from '../../../test/test-server';
import type { DatabaseHandle } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { SessionActivity } from './session-activity';
import { createSession, resolveSession } from './sessions';
import { SessionCache } from './session-cache';

const createdAt = new Date('2026-11-22T10:00:00Z');
const later = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);

describe('SessionActivity', () => {
  let database: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    database = await openMigratedDatabase('memory://');
    const [user] = await database.db
      .insert(users)
      .values({ email: 'activity@example.com' })
      .returning({ id: users.id });
    userId = user!.id;
  }, 30_000);
  afterAll(async () => database.close());

  const lastSeen = async (ids: string[]) =>
    Object.fromEntries(
      (
        await database.db
          .select({ id: sessions.id, at: sessions.lastSeenAt })
          .from(sessions)
          .where(inArray(sessions.id, ids))
      ).map(({ id, at }) => [id, at.toISOString()]),
    );

  it('writes the uses of many sessions in one statement, and never back in time', async () => {
    const a = await createSession(database.db, userId, createdAt);
    const b = await createSession(database.db, userId, createdAt);
    const [idA, idB] = await Promise.all(
      [a, b].map(async ({ token }) => (await resolveSession(database.db, token, createdAt))!),
    ).then((found) => found.map((session) => session.sessionId) as [string, string]);
    const errors: unknown[] = [];
    const activity = new SessionActivity(database.db, (error) => errors.push(error));
    const execute = vi.spyOn(database.db, 'execute');
    activity.touch(idA, later(10));
    activity.touch(idB, later(20));
    activity.touch(idA, later(5));
    await activity.flush();
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    expect(await lastSeen([idA, idB])).toEqual({
      [idA]: later(10).toISOString(),
      [idB]: later(20).toISOString(),
    });
    activity.touch(idB, later(15));
    await activity.stop();
    expect((await lastSeen([idB]))[idB]).toBe(later(20).toISOString());
    expect(errors).toEqual([]);
  });

  it('notes a cached session used again after a few minutes, without waiting for the write', async () => {
    const { token } = await createSession(database.db, userId, createdAt);
    const cache = new SessionCache();
    const activity = new SessionActivity(database.db, () => undefined);
    const first = await resolveSession(database.db, token, createdAt, { cache, activity });
    // Within a few minutes of the last use: nothing to write.
    await resolveSession(database.db, token, later(3), { cache, activity });
    const touch = vi.spyOn(activity, 'touch');
    await resolveSession(database.db, token, later(6), { cache, activity });
    await resolveSession(database.db, token, later(7), { cache, activity });
    expect(touch).toHaveBeenCalledTimes(1);
    expect(touch).toHaveBeenCalledWith(first!.sessionId, later(6));
    await activity.stop();
    const [row] = await database.db
      .select({ at: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.id, first!.sessionId));
    expect(row?.at).toEqual(later(6));
  });
});
