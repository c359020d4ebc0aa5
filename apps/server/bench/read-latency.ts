// Measures the signed-in reads of the refill screen over real HTTP, 200 calls each after a
// warm-up: GET /api/users/me and GET /api/refill/drums (40 demo drums, 180 days of readings),
// on PGlite (memory://) and, when BENCH_DATABASE_URL is set, on PostgreSQL.
// Run: npm run bench:reads   (prints a Markdown table)
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { freshPostgres, percentile, signInNewUser } from './bench-support';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import { seedSteps } from '../src/seed/seed-steps';

const CALLS = 200;

async function measure(label: string, databaseUrl: string) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const settings = loadSettings({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase(settings.databaseUrl);
  await applyMigrations(database);
  await runSeedSteps(database.db, seedSteps(settings));
  const app = await buildApp({ settings, database, startMailWorker: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const cookie = await signInNewUser(base, settings.publicUrl.origin);

  const timeCalls = async (path: string) => {
    for (let i = 0; i < 20; i++)
      await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    return times.sort((a, b) => a - b);
  };
  const rows = [
    ['GET /api/users/me', await timeCalls('/api/users/me')],
    ['GET /api/refill/drums', await timeCalls('/api/refill/drums')],
  ] as const;
  await app.close();
  return rows.map(
    ([name, times]) =>
      `| ${label} | ${name} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms | ${times.length} |`,
  );
}

const lines = await measure('PGlite (memory)', 'memory://');
// eslint-disable-next-line no-restricted-properties -- a benchmark script picks its database here
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const database = await freshPostgres(postgresUrl);
  try {
    lines.push(...(await measure('PostgreSQL', database.url)));
  } finally {
    await database.drop();
  }
}
console.log('| database | call | p50 | p99 | calls |\n|---|---|---|---|---|');
console.log(lines.join('\n'));
