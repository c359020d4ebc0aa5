import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../db/client';
import { DEMO_ACCOUNT_ID } from '../db/demo-account';
import { readDatabaseTemplate } from './database-template';
import { writeDatabaseTemplate } from './write-database-template';
import { applyMigrations, migrationsFolder } from '../db/migrate';
import { hasSeedRun, runSeedSteps } from '../db/seed';
import { accounts, spareParts } from '../db/schema';
import { catalogSeedStep } from './catalog-seed';
import {
  DEMO_ACCOUNT_FROM_BUILD,
  demoAccountSeedStep,
  demoAccountTodayStep,
} from './demo-account-seed';

const workDir = mkdtempSync(join(tmpdir(), 'portal-template-'));
const templatePath = join(workDir, 'template.tar');
/** The build's time, late on a day; the first start is three days and a few hours later. */
const builtAt = new Date('2026-03-10T22:30:00.000Z');
const firstStartAt = new Date('2026-03-14T01:15:00.000Z');

beforeAll(async () => {
  await writeDatabaseTemplate(templatePath, builtAt);
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/**
 * Every column of the demo account's sites, drums, readings and alerts, but their generated ids
 * (a drum named by its serial, a site by its name): what two seedings must agree on.
 */
async function demoAccountRows(db: Database) {
  const rows = (query: ReturnType<typeof sql>) =>
    queryRows<{ row: Record<string, unknown> }>(db, query).then((found) =>
      found.map(({ row }) => row),
    );
  return {
    sites: await rows(sql`select to_jsonb(s) - 'id' as row from sites s
      where s.account_id = ${DEMO_ACCOUNT_ID} order by s.name`),
    // A drum's public code is drawn at random by the database, as its id is: compared apart.
    drums: await rows(sql`select to_jsonb(d) - 'id' - 'site_id' - 'product_id' - 'drum_type_id'
        - 'public_code'
        || jsonb_build_object('site', s.name, 'product', p.reference, 'type', t.code) as row
      from drums d join sites s on s.id = d.site_id join cable_products p on p.id = d.product_id
      join drum_types t on t.id = d.drum_type_id
      where d.account_id = ${DEMO_ACCOUNT_ID} order by d.serial`),
    readings: await rows(sql`select to_jsonb(r) - 'id' - 'drum_id'
        || jsonb_build_object('drum', d.serial) as row
      from readings r join drums d on d.id = r.drum_id
      where d.account_id = ${DEMO_ACCOUNT_ID} order by d.serial, r.read_at`),
    alerts: await rows(sql`select to_jsonb(a) - 'id' - 'drum_id'
        || jsonb_build_object('drum', d.serial) as row
      from alerts a join drums d on d.id = a.drum_id
      where a.account_id = ${DEMO_ACCOUNT_ID} order by d.serial`),
  };
}

async function demoAccountCreatedAt(db: Database): Promise<number> {
  const [account] = await db
    .select({ createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.id, DEMO_ACCOUNT_ID));
  return account!.createdAt.getTime();
}

const journalEntries = () =>
  (
    JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('the database template', () => {
  it('starts a new data directory migrated, with the demo seeds that take long recorded', async () => {
    const database = await openDatabase(`file://${join(workDir, 'new')}`, {
      pgliteSnapshot: () => readDatabaseTemplate(templatePath),
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
      expect(await hasSeedRun(database.db, 'demo-account-v1')).toBe(true);
      expect(await hasSeedRun(database.db, 'demo-equipment-v1')).toBe(true);
      // Its dates are the build's until the start moves them.
      expect(await hasSeedRun(database.db, DEMO_ACCOUNT_FROM_BUILD)).toBe(true);
      expect(await hasSeedRun(database.db, 'demo-account-today-v1')).toBe(false);
      const [parts] = await database.db.select({ n: count() }).from(spareParts);
      expect(parts?.n).toBeGreaterThan(5000);
      // The cluster's template databases are left out: a first start writes only what it uses.
      const databases = await database.db.execute(sql`select datname from pg_database`);
      expect((databases as unknown as { rows: Array<{ datname: string }> }).rows).toEqual([
        { datname: 'postgres' },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('shows, once started, the demo account as seeded on the day of the start', async () => {
    const started = await openDatabase(`file://${join(workDir, 'first-start')}`, {
      pgliteSnapshot: () => readDatabaseTemplate(templatePath),
    });
    const seededThere = await openDatabase('memory://');
    try {
      const steps = [
        catalogSeedStep,
        demoAccountSeedStep(undefined, () => firstStartAt),
        demoAccountTodayStep(() => firstStartAt),
      ];
      const createdAtInTemplate = await demoAccountCreatedAt(started.db);
      expect(await runSeedSteps(started.db, steps)).toEqual(['demo-account-today-v1']);
      // Once only: a second start moves nothing.
      expect(await runSeedSteps(started.db, steps)).toEqual([]);
      await applyMigrations(seededThere);
      expect(await runSeedSteps(seededThere.db, steps)).toEqual([
        'catalog-v1',
        'demo-account-v1',
        'demo-account-today-v1',
      ]);

      expect(await demoAccountRows(started.db)).toEqual(await demoAccountRows(seededThere.db));
      // The live sensor's last reading is an hour before the start, not before the build.
      const [live] = await queryRows<{ at: string }>(
        started.db,
        sql`select max(r.read_at)::text as at from readings r join drums d on d.id = r.drum_id
            where d.serial = 'TR-02400'`,
      );
      expect(new Date(live!.at).toISOString()).toBe('2026-03-14T00:15:00.000Z');
      // The account's own time (the database's, when the build seeded it) moved as much.
      expect((await demoAccountCreatedAt(started.db)) - createdAtInTemplate).toBe(
        firstStartAt.getTime() - builtAt.getTime(),
      );
    } finally {
      await started.close();
      await seededThere.close();
    }
  }, 60_000);

  it('leaves the dates of a demo account seeded on the database itself', async () => {
    const database = await openDatabase('memory://');
    try {
      await applyMigrations(database);
      const seeded = [catalogSeedStep, demoAccountSeedStep(undefined, () => builtAt)];
      await runSeedSteps(database.db, seeded);
      const before = await demoAccountRows(database.db);
      expect(
        await runSeedSteps(database.db, [...seeded, demoAccountTodayStep(() => firstStartAt)]),
      ).toEqual(['demo-account-today-v1']);
      expect(await demoAccountRows(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('leaves a directory that already holds a database as it is', async () => {
    const dir = `file://${join(workDir, 'existing')}`;
    const first = await openDatabase(dir);
    await first.db.execute(sql`create table kept (id int)`);
    await first.close();
    const again = await openDatabase(dir, {
      pgliteSnapshot: () => readDatabaseTemplate(templatePath),
    });
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
      pgliteSnapshot: () => readDatabaseTemplate(templatePath),
    });
    await first.close();
    // As a start stopped while writing the snapshot leaves it: everything but the marker.
    rmSync(join(dir, 'PG_VERSION'));
    const again = await openDatabase(`file://${dir}`, {
      pgliteSnapshot: () => readDatabaseTemplate(templatePath),
    });
    try {
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      const [parts] = await again.db.select({ n: count() }).from(spareParts);
      expect(parts?.n).toBeGreaterThan(5000);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('is absent from a checkout that was not built', async () => {
    expect(await readDatabaseTemplate(join(workDir, 'missing.tar'))).toBeUndefined();
  });
});
