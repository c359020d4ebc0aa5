import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../test/test-server';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations, isUpToDate } from './migrate';
import { runSeedSteps } from './seed';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function freshDatabase(): Promise<{ url: string; open: () => Promise<DatabaseHandle> }> {
  const { url, drop } = await createTestDatabaseUrl();
  cleanups.push(drop);
  return {
    url,
    open: async () => {
      const handle = await openDatabase(url);
      cleanups.unshift(() => handle.close());
      return handle;
    },
  };
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

describe('migrations', () => {
  it('apply once, are recorded, and a second run changes nothing', async () => {
    const database = await (await freshDatabase()).open();
    await applyMigrations(database);
    const first = await appliedMigrations(database);
    expect(first).toBeGreaterThan(0);
    await applyMigrations(database);
    expect(await appliedMigrations(database)).toBe(first);
  });

  it('are up to date only once the newest one is recorded', async () => {
    const database = await (await freshDatabase()).open();
    expect(await isUpToDate(database.db)).toBe(false);
    await applyMigrations(database);
    expect(await isUpToDate(database.db)).toBe(true);
    // As a database migrated by the previous release finds it: the newest one is not there.
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    expect(await isUpToDate(database.db)).toBe(false);
  });
});

describe('seed steps', () => {
  it('run once per database, even when started twice', async () => {
    const database = await (await freshDatabase()).open();
    await applyMigrations(database);
    let runs = 0;
    const steps = [{ name: 'count-runs', run: async () => void runs++ }];
    expect(await runSeedSteps(database.db, steps)).toEqual(['count-runs']);
    expect(await runSeedSteps(database.db, steps)).toEqual([]);
    expect(runs).toBe(1);
  });

  it('leave no record when a step fails, so it runs again at the next start', async () => {
    const database = await (await freshDatabase()).open();
    await applyMigrations(database);
    const failing = [{ name: 'flaky', run: async () => Promise.reject(new Error('boom')) }];
    await expect(runSeedSteps(database.db, failing)).rejects.toThrow('boom');
    let ran = false;
    await runSeedSteps(database.db, [{ name: 'flaky', run: async () => void (ran = true) }]);
    expect(ran).toBe(true);
  });
});
