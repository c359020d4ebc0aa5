import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../../test/test-server';
import { openDatabase, type DatabaseHandle } from './client';
import { applyMigrations } from './migrate';

// PostgreSQL only (vitest.config.ts): PGlite is one connection in one process by design.
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

describe('migrations on PostgreSQL', () => {
  it('two instances migrating at once take turns under the advisory lock', async () => {
    const { url, drop } = await createTestDatabaseUrl();
    cleanups.push(drop);
    const [a, b] = await Promise.all([openDatabase(url), openDatabase(url)]);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await Promise.all([applyMigrations(a), applyMigrations(b)]);
    expect(await appliedMigrations(a)).toBeGreaterThan(0);
    expect(await appliedMigrations(a)).toBe(await appliedMigrations(b));
    const tables = await a.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'seed_runs'`,
    );
    expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });
});
