// The catalogue search under hostile queries, at 1,000,000 parts on PostgreSQL: short and very
// common words, sorts that must read every match, deep pages. Each is called over real HTTP and
// timed; what is refused is refused at once, and nothing runs longer than the search statement
// timeout (SEARCH_STATEMENT_TIMEOUT_MS, default 2 s) plus what the answer costs.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/server/bench/search-abuse.ts
// (PARTS=… to change the size; seeding 1,000,000 parts takes about 100 s.)
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { freshPostgres, percentile, signInNewUser } from './bench-support';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import { seedSteps } from '../src/seed/seed-steps';
import { seedSpareParts } from '../src/seed/spare-parts-seed';

// eslint-disable-next-line no-restricted-properties -- a benchmark script reads its options here
const options = process.env;
const PARTS = Number(options.PARTS ?? 1_000_000);
const CALLS = 20;
const adminUrl = options.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Hostile searches, each a query string the API is called with. */
const attacks: Record<string, string[]> = {
  'one or two letters (refused)': ['search=a', 'search=zq', 'search=ab%20cd'],
  'a common prefix, sorted by price': [
    'search=bea&sort=-unitPrice&lang=en',
    'search=rou&sort=unitPrice&lang=fr',
  ],
  'a common word, sorted by price': [
    'search=bearing&sort=-unitPrice&lang=en',
    'search=joint&sort=-unitPrice&lang=fr',
  ],
  'six common words, sorted by designation': [
    `search=${encodeURIComponent('bearing seal ring pump steel kit')}&sort=designation&lang=en`,
  ],
  'a word no part has, sorted by price': ['search=zzzzzz&sort=-unitPrice&lang=en'],
  'no search, last page allowed, sorted by price': ['sort=-unitPrice&page=10&pageSize=100'],
  'a deep page (refused)': ['page=4000&pageSize=25', 'page=100000&pageSize=100&sort=-unitPrice'],
};

const database = await freshPostgres(adminUrl);
try {
  const port = 3990;
  const settings = loadSettings({
    PORT: String(port),
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
  });
  const handle = await openDatabase(settings.databaseUrl);
  await applyMigrations(handle);
  await runSeedSteps(handle.db, seedSteps(settings));
  const seedStart = performance.now();
  await seedSpareParts(handle.db, PARTS);
  process.stderr.write(
    `seeded ${PARTS} parts in ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`,
  );
  const app = await buildApp({ settings, database: handle, startMailWorker: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const cookie = await signInNewUser(base, settings.publicUrl.origin);

  console.log(
    `| hostile search (${PARTS.toLocaleString('en')} parts, PostgreSQL) | answers | p50 | p99 | max |`,
  );
  console.log('|---|---|---|---|---|');
  for (const [kind, queries] of Object.entries(attacks)) {
    const statuses = new Map<string, number>();
    const times: number[] = [];
    for (let i = 0; i < CALLS + 2; i++) {
      const start = performance.now();
      const response = await fetch(`${base}/api/spareparts?${queries[i % queries.length]}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { message?: string };
      const elapsed = performance.now() - start;
      if (i < 2) continue; // warm-up
      times.push(elapsed);
      const answer = response.status === 200 ? '200' : `${response.status} ${body.message}`;
      statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
    }
    times.sort((x, y) => x - y);
    const answers = [...statuses].map(([answer, n]) => `${n}× ${answer}`).join(', ');
    console.log(
      `| ${kind} | ${answers} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 99).toFixed(0)} ms | ${times.at(-1)!.toFixed(0)} ms |`,
    );
  }
  await app.close();
} finally {
  await database.drop();
}
