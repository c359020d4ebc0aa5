// Measures the memory an export takes: one drum with ROWS readings (default 100,000) exported
// through GET /api/exports/drums/{id}/readings as CSV and as XLSX over real HTTP, the download
// read chunk by chunk and dropped. The process's resident memory (RSS) is sampled every 20 ms;
// the figure is the peak during each export over the RSS just before it, next to the same
// export of a tenth of the rows: a streamed export grows with neither. On the embedded PGlite
// (memory://) and, when BENCH_DATABASE_URL is set, on PostgreSQL.
// Run: npm run bench:exports            (ROWS=1000000 npm run bench:exports for more)
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { applyMigrations } from '../src/db/migrate';
import { runSeedSteps } from '../src/db/seed';
import {
  accounts,
  cableProducts,
  drumTypes,
  drums,
  mailOutbox,
  sites,
  users,
} from '../src/db/schema';
import { catalogSeedStep } from '../src/seed/catalog-seed';
import { freshPostgres } from './bench-support';

// eslint-disable-next-line no-restricted-properties -- a benchmark script reads its options here
const options = process.env;
const ROWS = Number(options.ROWS ?? 100_000);
const MB = 1024 * 1024;

async function measure(label: string, databaseUrl: string) {
  const port = 4400 + Math.floor(Math.random() * 300);
  const settings = loadSettings({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  const database = await openDatabase(settings.databaseUrl);
  await applyMigrations(database);
  const db = database.db;
  await runSeedSteps(db, [catalogSeedStep]);
  const app = await buildApp({ settings, database, startMailWorker: false });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  const [account] = await db.insert(accounts).values({ name: 'Bench' }).returning();
  const [site] = await db
    .insert(sites)
    .values({ accountId: account!.id, name: 'Bench site', city: 'Lyon' })
    .returning();
  const [product] = await db.select().from(cableProducts).limit(1);
  const [drumType] = await db.select().from(drumTypes).limit(1);
  const drumIds: Record<number, string> = {};
  for (const rows of [ROWS / 10, ROWS]) {
    const [drum] = await db
      .insert(drums)
      .values({
        accountId: account!.id,
        siteId: site!.id,
        productId: product!.id,
        drumTypeId: drumType!.id,
        serial: `BENCH-${rows}`,
        initialLengthM: 1_000_000,
        installedOn: '2020-01-01',
      })
      .returning();
    drumIds[rows] = drum!.id;
    await db.execute(sql`
      insert into readings (drum_id, read_at, remaining_m, source)
      select ${drum!.id}, timestamptz '2020-01-01' + make_interval(mins => n * 5),
        1000000 - n * 0.5, 'sensor'
      from generate_series(1, ${rows}) as n`);
  }

  // As a database in service would be (PostgreSQL's autovacuum does it; PGlite has none).
  await db.execute(sql`analyze readings`);
  const email = 'bench-export@example.com';
  const headers = { 'content-type': 'application/json', origin: settings.publicUrl.origin };
  await fetch(`${base}/api/users/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email }),
  });
  await db
    .update(users)
    .set({ accountId: account!.id, role: 'viewer' })
    .where(eq(users.email, email));
  const [mail] = await db
    .select({ link: mailOutbox.link })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
  const signIn = await fetch(`${base}/api/users/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ hash: new URL(mail!.link!).pathname.split('/').pop() }),
  });
  const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';

  const lines: string[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    for (const rows of [ROWS / 10, ROWS]) {
      globalThis.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const started = performance.now();
      const response = await fetch(
        `${base}/api/exports/drums/${drumIds[rows]}/readings?format=${format}`,
        {
          headers: { cookie, 'accept-encoding': 'identity' },
        },
      );
      let bytes = 0;
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      lines.push(
        `| ${label} | ${format} | ${rows.toLocaleString('en')} | ${(bytes / MB).toFixed(1)} MB | ${seconds.toFixed(1)} s | ${(before / MB).toFixed(0)} MB | ${(peak / MB).toFixed(0)} MB | +${((peak - before) / MB).toFixed(0)} MB |`,
      );
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    }
  }
  await app.close();
  return lines;
}

const lines = [
  '| database | format | rows | file | time | RSS before | peak RSS | growth |',
  '| --- | --- | --: | --: | --: | --: | --: | --: |',
];
lines.push(...(await measure('PGlite', 'memory://')));
if (options.BENCH_DATABASE_URL) {
  const fresh = await freshPostgres(options.BENCH_DATABASE_URL);
  try {
    lines.push(...(await measure('PostgreSQL', fresh.url)));
  } finally {
    await fresh.drop();
  }
}
console.log(lines.join('\n'));
