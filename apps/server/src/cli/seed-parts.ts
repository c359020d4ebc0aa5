import { InvalidEnvironmentError, loadSettings, readProcessEnv } from '../config/env';
import { DatabaseUnreachableError, openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedSparePartTaxonomy, seedSpareParts } from '../seed/spare-parts-seed';

const usage = 'usage: npm run seed:parts -- <total parts, 1 to 5000000>';

/**
 * `npm run seed:parts -- 100000`: tops the spare-parts catalogue of DATABASE_URL (or the
 * embedded database) up to that many parts, for performance runs. Never removes parts.
 */
async function main(): Promise<void> {
  const total = Number(process.argv[2]);
  if (!Number.isInteger(total) || total < 1 || total > 5_000_000) throw new UsageError(usage);
  const settings = loadSettings(readProcessEnv());
  const database = await openDatabase(settings.databaseUrl);
  try {
    await applyMigrations(database);
    const started = performance.now();
    await seedSparePartTaxonomy(database.db);
    const added = await seedSpareParts(database.db, total, (done) =>
      process.stdout.write(`\r${done} parts`),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\nadded ${added} parts in ${seconds} s; the catalogue holds ${total}\n`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof InvalidEnvironmentError ||
    error instanceof DatabaseUnreachableError;
  process.stderr.write(
    `${known ? (error as Error).message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
