import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../test/test-server';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from './client';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setting(db: Database, name: string): Promise<string | undefined> {
  const [row] = await queryRows<{ value: string }>(
    db,
    sql`select current_setting(${name}) as value`,
  );
  return row?.value;
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  const { url, drop } = await createTestDatabaseUrl();
  cleanups.push(drop);
  const handle = await openDatabase(url);
  cleanups.push(() => handle.close());
  return handle;
}

describe('a PostgreSQL connection', () => {
  it('plans with its own page cost and compiles no query, in the pool and under a lock', async () => {
    const handle = await openTestDatabase();
    expect(await setting(handle.db, 'random_page_cost')).toBe('1.1');
    expect(await setting(handle.db, 'jit')).toBe('off');
    expect(await handle.withAdvisoryLock(1, (db) => setting(db, 'jit'))).toBe('off');
  });

  it('runs a query the planner costs past the JIT threshold without compiling it', async () => {
    const handle = await openTestDatabase();
    // Planned, not run: a hundred million rows cost far above jit_above_cost (100,000).
    const [plan] = await queryRows<{
      'QUERY PLAN': Array<{ Plan: { 'Total Cost': number }; JIT?: unknown }>;
    }>(
      handle.db,
      sql`explain (format json) select count(*) from generate_series(1, 10000) as a, generate_series(1, 10000) as b`,
    );
    const [report] = plan!['QUERY PLAN'];
    expect(report!.Plan['Total Cost']).toBeGreaterThan(100_000);
    expect(report!.JIT).toBeUndefined();
  });
});
