import { InvalidEnvironmentError, loadSettings, readProcessEnv } from '../config/env';
import { DatabaseUnreachableError, openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { AdminError, runAdminCommand } from './admin-commands';

/** `npm run admin -- <command>`: list users, grant or revoke rules. */
async function main(): Promise<void> {
  const settings = loadSettings(readProcessEnv());
  const database = await openDatabase(settings.databaseUrl);
  try {
    await applyMigrations(database);
    process.stdout.write(
      `${await runAdminCommand(database.db, process.argv.slice(2), undefined, settings.apiKeys)}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof AdminError ||
    error instanceof InvalidEnvironmentError ||
    error instanceof DatabaseUnreachableError;
  process.stderr.write(
    `${known ? (error as Error).message : String((error as Error).stack ?? error)}\n`,
  );
  process.exit(1);
});
