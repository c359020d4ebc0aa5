import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { createTestDatabaseUrl, openMigratedDatabase } from '../test-server';
import { databaseFingerprint } from './fixtures';

/** The suites' proof that a refused request wrote nothing is only as good as this fingerprint. */
describe('databaseFingerprint', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl({ migrated: true });
    drop = created.drop;
    database = await openMigratedDatabase(created.url);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('changes with every insert, update and delete, even right after a fingerprint', async () => {
    const { db } = database;
    const seen = [await databaseFingerprint(db)];
    await db.execute(
      sql`insert into equipment_models (code, name_fr, name_en) values ('M1', 'a', 'a')`,
    );
    seen.push(await databaseFingerprint(db));
    await db.execute(sql`update equipment_models set name_fr = 'b' where code = 'M1'`);
    seen.push(await databaseFingerprint(db));
    await db.execute(sql`delete from equipment_models where code = 'M1'`);
    seen.push(await databaseFingerprint(db));
    expect(new Set(seen.slice(0, 3).map((fingerprint) => fingerprint.equipment_models)).size).toBe(
      3,
    );
    // Deleted again, the table holds what it held at first.
    expect(seen[3]).toEqual(seen[0]);
  });

  it('stays the same across reads and a write that was rolled back', async () => {
    const { db } = database;
    const before = await databaseFingerprint(db);
    await db.execute(sql`select count(*) from equipment_models`);
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into equipment_models (code, name_fr, name_en) values ('M2', 'a', 'a')`,
        );
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await databaseFingerprint(db)).toEqual(before);
  });
});
