import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { directoryAsTar, writeSnapshotToDirectory } from '../db/pglite-data-dir';
import { runSeedSteps } from '../db/seed';
import { seedRuns } from '../db/schema';
import { catalogSeedStep } from './catalog-seed';
import { databaseTemplatePath } from './database-template';
import { DEMO_ACCOUNT_FROM_BUILD, demoAccountSeedStep } from './demo-account-seed';
import { demoEquipmentSeedStep, sparePartsSeedStep } from './spare-parts-seed';

/** Writes the database template (see `databaseTemplatePath`), its demo account dated `builtAt`. */
export async function writeDatabaseTemplate(
  path = databaseTemplatePath,
  builtAt = new Date(),
): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'portal-template-'));
  try {
    const database = await openDatabase('memory://');
    let snapshot: Blob;
    try {
      await applyMigrations(database);
      await runSeedSteps(database.db, [
        catalogSeedStep,
        demoAccountSeedStep(undefined, () => builtAt),
        sparePartsSeedStep,
        // Undated, and of the demo account's sites: as well seeded here.
        demoEquipmentSeedStep,
      ]);
      // What the start moves the demo account's dates from.
      await database.db.insert(seedRuns).values({ name: DEMO_ACCOUNT_FROM_BUILD, ranAt: builtAt });
      // The portal uses the `postgres` database only. Without the cluster's two template
      // databases, a first start writes about a third fewer bytes and half as many files.
      await database.db.execute(
        sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
      );
      await database.db.execute(sql`drop database template0`);
      await database.db.execute(sql`drop database template1`);
      // A checkpoint first: the cluster opened below then replays only what follows it.
      await database.db.execute(sql`checkpoint`);
      snapshot = await database.snapshot!('none');
    } finally {
      await database.close();
    }
    // A snapshot of a running cluster makes every start from it recover, replaying its WAL:
    // opened and closed once here, the cluster is shut down cleanly and a start replays nothing.
    const dir = join(work, 'cluster');
    await writeSnapshotToDirectory(new Uint8Array(await snapshot.arrayBuffer()), dir);
    const settled = await openDatabase(`file://${dir}`);
    await settled.close();
    // Uncompressed: loading it is half of a first start, and gunzipping 70 MB was 0.8 s of that.
    writeFileSync(path, directoryAsTar(dir));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
