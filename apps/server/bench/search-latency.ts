// Measures the spare-parts search at the API over real HTTP: a catalogue of PARTS parts
// (default 100,000), 200 calls per kind of search after a warm-up, on PGlite (memory://) and,
// when BENCH_DATABASE_URL is set, on PostgreSQL. Prints a Markdown table with p50, p95 and p99.
// Run: npm run bench:search            (PARTS=1000000 npm run bench:search for the growth)
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
const PARTS = Number(options.PARTS ?? 100_000);
const CALLS = 200;

/** Each kind of search cycles through these, so no single cached answer is measured. */
const searches: Record<string, string[]> = {
  'part-number prefix': [
    'BRG-00012',
    'PMP-0004',
    'SEL-00031',
    'MOT-0000',
    'FLT-00077',
    'VLV-0005',
  ].map((prefix) => `search=${prefix}`),
  'designation word (fr)': ['poulie', 'roulement', 'joint', 'vérin', 'capteur', 'filtre'].map(
    (word) => `search=${encodeURIComponent(word)}&lang=fr`,
  ),
  'designation word (en)': ['pulley', 'bearing', 'seal', 'cylinder', 'sensor', 'filter'].map(
    (word) => `search=${word}&lang=en`,
  ),
  'two words, sorted by price': ['galet guidage', 'joint torique', 'pompe engrenages'].map(
    (words) => `search=${encodeURIComponent(words)}&sort=-unitPrice&lang=fr`,
  ),
  'no search, page 10 by designation': ['sort=designation&page=10&pageSize=100&lang=fr'],
};

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
  const seedStart = performance.now();
  await seedSpareParts(database.db, PARTS);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const app = await buildApp({ settings, database, startMailWorker: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const cookie = await signInNewUser(base, settings.publicUrl.origin);

  const rows: string[] = [];
  for (const [kind, queries] of Object.entries(searches)) {
    const call = async (index: number) => {
      const response = await fetch(`${base}/api/spareparts?${queries[index % queries.length]}`, {
        headers: { cookie },
      });
      const body = (await response.json()) as { total: number };
      if (response.status !== 200) throw new Error(`${kind}: ${response.status}`);
      return body.total;
    };
    for (let i = 0; i < 20; i++) await call(i);
    const times: number[] = [];
    let matches = 0;
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      matches += await call(i);
      times.push(performance.now() - start);
    }
    times.sort((x, y) => x - y);
    rows.push(
      `| ${label} | ${PARTS.toLocaleString('en')} | ${kind} | ${Math.round(matches / CALLS)} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${percentile(times, 99).toFixed(1)} ms |`,
    );
  }
  await app.close();
  process.stderr.write(`${label}: seeded ${PARTS} parts in ${seedSeconds.toFixed(1)} s\n`);
  return rows;
}

const lines = await measure('PGlite (memory)', 'memory://');
const postgresUrl = options.BENCH_DATABASE_URL;
if (postgresUrl) {
  const database = await freshPostgres(postgresUrl);
  try {
    lines.push(...(await measure('PostgreSQL', database.url)));
  } finally {
    await database.drop();
  }
}
console.log('| database | parts | search | matches (avg) | p50 | p95 | p99 |');
console.log('|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
