// The signed-in reads against a bare Fastify route in the same run, on PostgreSQL: each server in
// its own process (the built app), autocannon with 50 connections, `RUNS` runs of `SECONDS` s
// each, alternating, medians reported. The ratio to the bare route is what to compare between
// machines; the machine's load is printed with it.
// Run: npm run build && npm run bench:session-reads [-- --write]   (prints its section of
//      docs/performance.md, and with --write puts it there; BENCH_DATABASE_URL, else
//      postgres://postgres@127.0.0.1:5432/test; RUNS=5 SECONDS=5)
import os from 'node:os';
import { loadAverage, median } from './bench-support';
import { loadTest, type LoadResult } from './suite/api-load';
import { postgresDatabase, signIn } from './suite/data';
import { ownSection, writeOwnSection } from './suite/own-sections';
import { startBareServer, startPortal } from './suite/processes';

/* eslint-disable no-restricted-properties -- a benchmark script reads its options here */
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const runs = Number(process.env.RUNS ?? 5);
const seconds = Number(process.env.SECONDS ?? 5);
/* eslint-enable no-restricted-properties */

/** What Chromium sends: the drums' overview then goes out as its kept brotli bytes. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const loadBefore = loadAverage();

const database = await postgresDatabase(adminUrl);
try {
  await database.prepare();
  const portal = await startPortal(3545, { ...database.env, LOG_LEVEL: 'silent' });
  const bare = await startBareServer(3546);
  try {
    const cookie = await signIn(portal.url, `bench-session-${Date.now()}@example.com`);
    const targets = {
      bare: () => loadTest(bare.url, { name: 'bare', paths: ['/bare'] }, seconds, 1),
      me: () => loadTest(portal.url, { name: 'me', paths: ['/api/users/me'], cookie }, seconds, 1),
      drums: () =>
        loadTest(portal.url, { name: 'drums', paths: ['/api/refill/drums'], cookie }, seconds, 1),
      // As a browser asks for it: the overview's compressed bytes, kept with it, are sent.
      drumsCompressed: () =>
        loadTest(
          portal.url,
          {
            name: 'drums, compressed',
            paths: ['/api/refill/drums'],
            cookie,
            headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          },
          seconds,
          1,
        ),
    };
    const results: Record<keyof typeof targets, LoadResult[]> = {
      bare: [],
      me: [],
      drums: [],
      drumsCompressed: [],
    };
    for (let run = 0; run < runs; run++) {
      for (const [name, measure] of Object.entries(targets) as [
        keyof typeof targets,
        () => Promise<LoadResult>,
      ][]) {
        results[name].push(await measure());
      }
    }
    const bareRate = median(results.bare.map((result) => result.requestsPerSecond));
    const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
    const rows = (
      [
        ['bare', 'bare Fastify {}'],
        ['me', 'GET /api/users/me'],
        ['drums', 'GET /api/refill/drums (40 drums)'],
        [
          'drumsCompressed',
          `GET /api/refill/drums (40 drums), Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
        ],
      ] as const
    ).map(([name, label]) => {
      const measured = results[name];
      const rate = median(measured.map((result) => result.requestsPerSecond));
      const p99 = median(measured.map((result) => result.p99));
      const share = rate / bareRate;
      return line([
        label,
        Math.round(rate).toLocaleString('en'),
        `${Math.round(share * 100)} %`,
        median(measured.map((result) => result.p50)),
        p99,
        measured.reduce((sum, result) => sum + result.errors, 0),
        name === 'bare' ? '' : share >= 0.4 && p99 <= 20 ? 'met' : '**not met**',
      ]);
    });
    const section = ownSection('session-reads', 'npm run bench:session-reads -- --write', [
      '## 7. Signed-in reads on PostgreSQL',
      '',
      `Written by \`npm run bench:session-reads -- --write\` (apps/server/bench/session-reads.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before ${loadBefore}, after ${loadAverage()}; ${os.cpus().length} cores. Each server in its own process (the built app on PostgreSQL, a bare Fastify answering \`{}\`), autocannon with 50 connections from this process (no Accept-Encoding unless the row says so: the answers go uncompressed), ${runs} runs of ${seconds} s per route, alternating, medians. Target: at least 40 % of the bare route's requests per second, p99 at most 20 ms.`,
      '',
      line(['route', 'req/s', 'share of bare', 'p50 ms', 'p99 ms', 'errors', '']),
      line(['---', '---', '---', '---', '---', '---', '---']),
      ...rows,
    ]);
    console.log(section);
    if (process.argv.includes('--write')) {
      await writeOwnSection('session-reads', section);
      console.log('written docs/performance.md');
    }
  } finally {
    await bare.stop();
    await portal.stop();
  }
} finally {
  await database.drop();
}
