import { readFileSync } from 'node:fs';
import { workspacePath } from '../config/paths';

/**
 * An embedded database with every migration applied and the demo seeds that take long (the
 * catalogue, the spare parts, and the demo account's drums, readings and machines), written by
 * `npm run build` (`writeDatabaseTemplate`). A first `npm start` with demo data copies it into
 * the new data directory instead of creating a cluster (initdb), migrating and seeding it. The
 * demo account is dated from the build: the start moves its dates to the day it runs
 * (`demoAccountTodayStep`), and seeds the rest of the demo data, which is quick, as on any
 * database.
 */
export const databaseTemplatePath = workspacePath('apps/server/dist/database-template.tar');

/**
 * The template, when this checkout has been built. Migrations and the other seed steps still
 * run after loading it (each once, as on any database).
 *
 * Read in one call, not in the parts of an asynchronous read: each part waited for a gap in the
 * start's loading of its modules, and a first start waited 0.1 to 0.2 s longer for the file.
 */
export async function readDatabaseTemplate(
  path = databaseTemplatePath,
): Promise<Uint8Array | undefined> {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
