// Measures sign-up and sign-in latency over real HTTP: 200 calls each, one after the other, on
// the embedded PGlite (memory://) and, when BENCH_DATABASE_URL is set, on PostgreSQL.
// Run: npm run bench:auth   (prints a Markdown table)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { like } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { freshPostgres, percentile } from './bench-support';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { mailOutbox } from '../src/db/schema';

const CALLS = 200;

async function measure(label: string, databaseUrl: string) {
  const port = 3900 + Math.floor(Math.random() * 90);
  const settings = loadSettings({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAIL_PER_MINUTE: '1000',
    RATE_LIMIT_MAIL_PER_HOUR: '1000',
    RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100000',
  });
  const database = await openDatabase(settings.databaseUrl);
  await applyMigrations(database);
  const app = await buildApp({ settings, database, startMailWorker: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: settings.publicUrl.origin },
      body: JSON.stringify(body),
    });

  const run = async (call: (i: number) => Promise<Response>, expected: number) => {
    for (let i = 0; i < 20; i++) await call(-1 - i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      const response = await call(i);
      await response.arrayBuffer();
      times.push(performance.now() - start);
      if (response.status !== expected) throw new Error(`${label}: status ${response.status}`);
    }
    return times.sort((a, b) => a - b);
  };

  const tag = randomBytes(3).toString('hex');
  const signUps = await run(
    (i) => post('/api/users/signup', { email: `bench-${tag}-${i}@example.com` }),
    202,
  );
  const rows = await database.db
    .select({ to: mailOutbox.toAddress, link: mailOutbox.link })
    .from(mailOutbox)
    .where(like(mailOutbox.toAddress, `bench-${tag}-%`));
  const byAddress = new Map(rows.map((row) => [row.to, row.link ?? '']));
  const token = (i: number) =>
    new URL(byAddress.get(`bench-${tag}-${i}@example.com`) ?? '').pathname.split('/').pop();
  const signIns = await run(
    (i) =>
      i < 0
        ? post('/api/users/signin', { hash: 'A'.repeat(43) })
        : post('/api/users/signin', { hash: token(i) }),
    200,
  );
  await app.close();
  return { label, signUps, signIns };
}

const results = [await measure('PGlite (memory)', 'memory://')];
// eslint-disable-next-line no-restricted-properties -- a benchmark script picks its database here
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const database = await freshPostgres(postgresUrl);
  try {
    results.push(await measure('PostgreSQL', database.url));
  } finally {
    await database.drop();
  }
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`| database | call | p50 | p99 | calls |\n|---|---|---|---|---|`);
for (const result of results) {
  for (const [name, times] of [
    ['POST /api/users/signup', result.signUps],
    ['POST /api/users/signin', result.signIns],
  ] as const) {
    console.log(
      `| ${result.label} | ${name} | ${format(percentile(times, 50))} | ${format(percentile(times, 99))} | ${times.length} |`,
    );
  }
}
