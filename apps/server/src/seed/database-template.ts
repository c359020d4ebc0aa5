import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { workspacePath } from '../config/paths';
import { openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { runSeedSteps } from '../db/seed';
import { catalogSeedStep } from './catalog-seed';
import { sparePartsSeedStep } from './spare-parts-seed';

/**
 * An embedded database with every migration applied and the demo seeds that do not depend on
 * the day (the catalogue and the spare parts), written by `npm run build`. A first `npm start`
 * with demo data copies it into the new data directory instead of creating a cluster (initdb),
 * migrating and seeding it. The demo account's drums and readings are dated from the day they
 * are seeded, so they are seeded at start as before.
 */
export const databaseTemplatePath = workspacePath('apps/server/dist/database-template.tar');

export async function writeDatabaseTemplate(path = databaseTemplatePath): Promise<void> {
  const database = await openDatabase('memory://');
  try {
    await applyMigrations(database);
    await runSeedSteps(database.db, [catalogSeedStep, sparePartsSeedStep]);
    // Uncompressed: loading it is half of a first start, and gunzipping 70 MB was 0.8 s of that.
    const snapshot = await database.snapshot!('none');
    writeFileSync(path, Buffer.from(await snapshot.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/**
 * The template, when this checkout has been built. Migrations and the other seed steps still
 * run after loading it (each once, as on any database).
 */
export function readDatabaseTemplate(path = databaseTemplatePath): Blob | undefined {
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
