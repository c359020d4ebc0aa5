import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { readDatabaseTemplate, writeDatabaseTemplate } from './database-template';
import { migrationsFolder } from '../db/migrate';
import { hasSeedRun } from '../db/seed';
import { spareParts } from '../db/schema';

const workDir = mkdtempSync(join(tmpdir(), 'portal-template-'));
const templatePath = join(workDir, 'template.tar');

beforeAll(async () => {
  await writeDatabaseTemplate(templatePath);
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('the database template', () => {
  it('starts a new data directory migrated, with the undated demo seeds recorded', async () => {
    const database = await openDatabase(`file://${join(workDir, 'new')}`, {
      pgliteSnapshot: readDatabaseTemplate(templatePath),
    });
    try {
      const migrations = await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect((migrations as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(
        journalEntries(),
      );
      expect(await hasSeedRun(database.db, 'catalog-v1')).toBe(true);
      expect(await hasSeedRun(database.db, 'spare-parts-v1')).toBe(true);
      // Dated demo data is seeded at start, never taken from a build made days before.
      expect(await hasSeedRun(database.db, 'demo-account-v1')).toBe(false);
      const [parts] = await database.db.select({ n: count() }).from(spareParts);
      expect(parts?.n).toBeGreaterThan(5000);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('leaves a directory that already holds a database as it is', async () => {
    const dir = `file://${join(workDir, 'existing')}`;
    const first = await openDatabase(dir);
    await first.db.execute(sql`create table kept (id int)`);
    await first.close();
    const again = await openDatabase(dir, { pgliteSnapshot: readDatabaseTemplate(templatePath) });
    try {
      const tables = await again.db.execute(
        sql`select count(*)::int as n from pg_tables where tablename in ('kept', 'spare_parts')`,
      );
      expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('fills again a directory whose first start was cut short before its marker file', async () => {
    const dir = join(workDir, 'cut-short');
    const first = await openDatabase(`file://${dir}`, {
      pgliteSnapshot: readDatabaseTemplate(templatePath),
    });
    await first.close();
    // As a start stopped while writing the snapshot leaves it: everything but the marker.
    rmSync(join(dir, 'PG_VERSION'));
    const again = await openDatabase(`file://${dir}`, {
      pgliteSnapshot: readDatabaseTemplate(templatePath),
    });
    try {
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      const [parts] = await again.db.select({ n: count() }).from(spareParts);
      expect(parts?.n).toBeGreaterThan(5000);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is absent from a checkout that was not built', () => {
    expect(readDatabaseTemplate(join(workDir, 'missing.tar'))).toBeUndefined();
  });
});
