import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { freshPostgres } from '../bench-support';
import { loadSettings } from '../../src/config/env';
import { openDatabase } from '../../src/db/client';
import { applyMigrations } from '../../src/db/migrate';
import { runSeedSteps } from '../../src/db/seed';
import { catalogSeedStep } from '../../src/seed/catalog-seed';
import { demoAccountSeedStep } from '../../src/seed/demo-account-seed';
import {
  demoEquipmentSeedStep,
  seedSpareParts,
  seedSparePartTaxonomy,
  sparePartsSeedStep,
} from '../../src/seed/spare-parts-seed';

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/** A throwaway database and the environment that points the portal at it. */
export interface BenchDatabase {
  kind: DatabaseKind;
  env: Record<string, string>;
  /** Milliseconds spent creating, migrating and seeding it so far, by step. */
  seedTimes: Record<string, number>;
  /** Runs migrations and the demo seeds (with `drumCount` demo drums); the server is not running. */
  prepare(drumCount?: number): Promise<void>;
  /** Tops the spare-parts catalogue up to `total` parts; resolves with the seconds it took. */
  seedParts(total: number): Promise<number>;
  drop(): Promise<void>;
}

async function withDatabase<T>(
  url: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(url);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

function benchDatabase(
  kind: DatabaseKind,
  url: string,
  env: Record<string, string>,
  drop: () => Promise<void>,
): BenchDatabase {
  const seedTimes: Record<string, number> = {};
  return {
    kind,
    env,
    seedTimes,
    async prepare(drumCount = 40) {
      const started = performance.now();
      await withDatabase(url, async (handle) => {
        await applyMigrations(handle);
        // The demo data `npm start` seeds, with `drumCount` drums in the demo account.
        await runSeedSteps(handle.db, [
          catalogSeedStep,
          demoAccountSeedStep(drumCount),
          sparePartsSeedStep,
          demoEquipmentSeedStep,
        ]);
      });
      seedTimes[`demo data, ${drumCount} drums`] = performance.now() - started;
    },
    async seedParts(total) {
      const started = performance.now();
      await withDatabase(url, async (handle) => {
        await seedSparePartTaxonomy(handle.db);
        await seedSpareParts(handle.db, total);
      });
      const elapsed = performance.now() - started;
      seedTimes[`parts up to ${total.toLocaleString('en')}`] = elapsed;
      return elapsed / 1000;
    },
    drop,
  };
}

/** The embedded database as `npm start` uses it: PGlite in a data directory (a temporary one). */
export function pgliteDatabase(): BenchDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const url = loadSettings({ DATA_DIR: dataDir }).databaseUrl;
  return benchDatabase('PGlite', url, { DATA_DIR: dataDir }, async () =>
    rmSync(dataDir, { recursive: true, force: true }),
  );
}

/** A throwaway database on the PostgreSQL server at `adminUrl`, dropped at the end. */
export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const database = await freshPostgres(adminUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  return benchDatabase(
    'PostgreSQL',
    database.url,
    { DATABASE_URL: database.url, DATA_DIR: dataDir },
    async () => {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  );
}

/** The PostgreSQL server's version, or undefined when it cannot be reached. */
export async function postgresVersion(adminUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>(
      "select current_setting('server_version') as version",
    );
    return rows[0]?.version;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Signs a new user up and in through the API and the dev mailbox, and gives them a name; returns
 * the cookie header.
 */
export async function signIn(baseUrl: string, email: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const signUp = await fetch(`${baseUrl}/api/users/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  if (signUp.status !== 202) throw new Error(`sign-up answered ${signUp.status}`);
  const mails = (await (
    await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
      headers: { accept: 'application/json' },
    })
  ).json()) as Array<{ link: string }>;
  const link = mails[0]?.link;
  if (!link) throw new Error(`no sign-in mail for ${email}`);
  const hash = new URL(link).pathname.split('/').pop();
  const response = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ hash }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`sign-in answered ${response.status}`);
  // A returning user has a name; a new one is asked for it first (a dialog over the screen).
  const named = await fetch(`${baseUrl}/api/users/me`, {
    method: 'PATCH',
    headers: { ...headers, cookie },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Bench' }),
  });
  if (named.status !== 200) throw new Error(`naming the user answered ${named.status}`);
  return cookie;
}
