import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../test/test-server';
import { openDatabase, type DatabaseHandle } from './client';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setting(handle: DatabaseHandle, name: string): Promise<string | undefined> {
  const result = await handle.db.execute(sql`select current_setting(${name}) as value`);
  return (result as unknown as { rows: Array<{ value: string }> }).rows[0]?.value;
}

describe('a PostgreSQL connection', () => {
  it('plans with its own page cost and compiles no query, in the pool and under a lock', async () => {
    const { url, drop } = await createTestDatabaseUrl();
    cleanups.push(drop);
    const handle = await openDatabase(url);
    cleanups.push(() => handle.close());
    expect(await setting(handle, 'random_page_cost')).toBe('1.1');
    expect(await setting(handle, 'jit')).toBe('off');
    const underLock = await handle.withAdvisoryLock(1, async (db) => {
      const result = await db.execute(sql`select current_setting('jit') as value`);
      return (result as unknown as { rows: Array<{ value: string }> }).rows[0]?.value;
    });
    expect(underLock).toBe('off');
  });

  it('runs a query the planner costs past the JIT threshold without compiling it', async () => {
    const { url, drop } = await createTestDatabaseUrl();
    cleanups.push(drop);
    const handle = await openDatabase(url);
    cleanups.push(() => handle.close());
    // Planned, not run: a hundred million rows cost far above jit_above_cost (100,000).
    const result = await handle.db.execute(
      sql`explain (format json) select count(*) from generate_series(1, 10000) as a, generate_series(1, 10000) as b`,
    );
    const [plan] = (result as unknown as { rows: Array<{ 'QUERY PLAN': unknown }> }).rows;
    const [report] = plan!['QUERY PLAN'] as Array<{
      Plan: { 'Total Cost': number };
      JIT?: unknown;
    }>;
    expect(report!.Plan['Total Cost']).toBeGreaterThan(100_000);
    expect(report!.JIT).toBeUndefined();
  });
});
