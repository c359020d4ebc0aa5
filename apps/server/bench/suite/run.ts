// `npm run bench`: builds the app, then measures page loads (Lighthouse), API load
// (autocannon), growth (spare-parts search and drum overview), cold start and build time, on
// PGlite and PostgreSQL, and writes docs/performance.md with every figure next to its target.
//   npm run bench                 the full run (11–22 min on 2 cores, as fast as the machine)
//   npm run bench -- --quick      fewer runs, shorter loads, smaller sizes (a few minutes)
//   npm run bench -- --no-build   measure the existing build
//   npm run bench -- --only=pages,api,growth,typing,startup,budgets
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; each run works
// in a throwaway database it creates and drops. Ports 3530-3549.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { loadTest, sequentialLatency, type LatencyResult, type LoadResult } from './api-load';
import {
  pgliteDatabase,
  postgresDatabase,
  postgresVersion,
  signIn,
  type BenchDatabase,
  type DatabaseKind,
} from './data';
import {
  chromiumVersion,
  lighthouseVersion,
  measurePage,
  type PageResult,
  type Visitor,
} from './page-load';
import { root, startBareServer, startPortal, timeCommand } from './processes';
import { measureTyping } from './typing';
import { renderReport, type BenchReport, type BudgetFigures } from './report';
import { ownSections } from './own-sections';

const args = process.argv.slice(2);
const isQuick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wants = (section: string) => !only || only.includes(section);
const postgresAdminUrl =
  // eslint-disable-next-line no-restricted-properties -- a benchmark picks its database here
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const plan = isQuick
  ? {
      lighthouseRuns: 1,
      loadSeconds: 3,
      warmUpSeconds: 1,
      partSizes: [10_000, 100_000],
      drumSizes: [40, 400],
      searchCalls: 50,
      drumCalls: (drums: number) => (drums > 400 ? 10 : 30),
      coldStarts: 1,
    }
  : {
      lighthouseRuns: 3,
      loadSeconds: 20,
      warmUpSeconds: 5,
      partSizes: [10_000, 100_000, 1_000_000],
      drumSizes: [40, 400, 4000],
      searchCalls: 200,
      drumCalls: (drums: number) => (drums > 400 ? 30 : 100),
      coldStarts: 3,
    };

const log = (message: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

/** Part numbers are `<category prefix>-<number>`; designations are words in both languages. */
const searches = {
  'part-number prefix': [
    'BRG-0001',
    'PMP-0004',
    'SEL-0003',
    'MOT-0000',
    'FLT-0007',
    'VLV-0005',
  ].map((prefix) => `/api/spareparts?search=${prefix}&lang=fr`),
  'designation word': ['roulement', 'joint', 'vérin', 'capteur', 'filtre', 'poulie'].map(
    (word) => `/api/spareparts?search=${encodeURIComponent(word)}&lang=fr`,
  ),
};

const report: BenchReport = {
  date: new Date(),
  quick: isQuick,
  machine: {
    cpu: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    loadBefore: os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / '),
    loadAfter: '',
  },
  versions: {
    node: process.version,
    chromium: chromiumVersion(),
    lighthouse: lighthouseVersion(),
    postgres: await postgresVersion(postgresAdminUrl),
    commit: gitCommit(),
  },
  budgets: undefined,
  buildSeconds: undefined,
  starts: [],
  pages: [],
  load: {},
  search: {},
  drums: {},
  seeding: {},
  typing: [],
};

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

async function measureBuildAndBudgets() {
  if (!args.includes('--no-build')) {
    log('production build (npm run build)');
    report.buildSeconds = (await timeCommand('npm', ['run', 'build', '--silent'])) / 1000;
  }
  if (wants('budgets')) {
    const output = execFileSync(process.execPath, ['scripts/check-budgets.mjs', '--json'], {
      cwd: root,
      encoding: 'utf8',
      // It exits 1 when a budget is exceeded; the figures are what matters here.
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    report.budgets = JSON.parse(output) as BudgetFigures;
  }
}

async function measureStarts() {
  log('cold and warm npm start');
  for (let run = 0; run < plan.coldStarts; run++) {
    const dataDir = mkdtempSync(join(os.tmpdir(), 'portal-start-'));
    try {
      const cold = await startPortal(3530, { DATA_DIR: dataDir }, 'npm start');
      await cold.stop();
      const warm = await startPortal(3530, { DATA_DIR: dataDir }, 'npm start');
      await warm.stop();
      report.starts.push({ coldMs: cold.startedInMs, warmMs: warm.startedInMs });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function measurePages() {
  log('page loads (Lighthouse)');
  const dataDir = mkdtempSync(join(os.tmpdir(), 'portal-pages-'));
  // Served as a user runs it: `npm start` on the embedded database with the demo data.
  const server = await startPortal(3531, { DATA_DIR: dataDir }, 'npm start');
  try {
    const cookie = await signIn(server.url, `bench-pages-${Date.now()}@example.com`);
    const pages: Array<[string, string[], Visitor]> = [
      // A first visit: the consent question shows.
      ['/auth', ['performance', 'accessibility', 'best-practices', 'seo'], {}],
      // A signed-in user, who answered the consent question on the way in.
      [
        '/refill',
        ['performance', 'accessibility', 'best-practices'],
        { cookie, hasAnsweredConsent: true },
      ],
    ];
    for (const [path, categories, visitor] of pages) {
      for (const preset of ['mobile', 'desktop'] as const) {
        log(`  ${path} ${preset}`);
        const result: PageResult = await measurePage(
          `${server.url}${path}`,
          preset,
          plan.lighthouseRuns,
          categories,
          visitor,
        );
        report.pages.push(result);
      }
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** API load at 100,000 parts, and the search latency at each catalogue size, on one database. */
async function measureCatalogue(database: BenchDatabase) {
  const kind: DatabaseKind = database.kind;
  log(`${kind}: demo data`);
  await database.prepare(40);
  report.search[kind] = [];
  for (const size of plan.partSizes) {
    log(`${kind}: parts up to ${size.toLocaleString('en')}`);
    const seconds = await database.seedParts(size);
    (report.seeding[kind] ??= []).push({
      what: `spare parts up to ${size.toLocaleString('en')}`,
      seconds,
    });
    const server = await startPortal(3540, database.env);
    try {
      const cookie = await signIn(
        server.url,
        `bench-${kind.toLowerCase()}-${size}-${Date.now()}@example.com`,
      );
      const results: LatencyResult[] = [];
      for (const [name, paths] of Object.entries(searches)) {
        results.push(
          await sequentialLatency(server.url, { name, paths, cookie }, plan.searchCalls),
        );
      }
      report.search[kind].push({ size, results });
      // The browser's side does not depend on the database: traced once, on the default one.
      if (size === 100_000 && kind === 'PGlite' && wants('typing')) {
        log('typing in the spare-parts search (Chromium trace)');
        report.typing = await measureTyping(server.url, cookie);
      }
      if (size === 100_000 && wants('api')) {
        log(`${kind}: API load, 50 connections, ${plan.loadSeconds} s each`);
        const bare = await startBareServer(3541);
        const rows: LoadResult[] = [];
        try {
          rows.push(
            await loadTest(
              bare.url,
              { name: 'bare Fastify {}', paths: ['/bare'] },
              plan.loadSeconds,
              plan.warmUpSeconds,
            ),
          );
        } finally {
          await bare.stop();
        }
        const targets = [
          { name: 'GET /api/users/me', paths: ['/api/users/me'], cookie },
          { name: 'GET /api/locales/common/fr.json', paths: ['/api/locales/common/fr.json'] },
          { name: 'GET /api/refill/drums (40 drums)', paths: ['/api/refill/drums'], cookie },
          {
            name: 'GET /api/spareparts?search=… (100,000 parts)',
            paths: [...searches['part-number prefix'], ...searches['designation word']],
            cookie,
          },
        ];
        for (const target of targets) {
          rows.push(await loadTest(server.url, target, plan.loadSeconds, plan.warmUpSeconds));
        }
        report.load[kind] = rows;
      }
    } finally {
      await server.stop();
    }
  }
}

/** The drum overview with more and more drums in the account, each on a fresh database. */
async function measureDrums(create: () => Promise<BenchDatabase>) {
  for (const drums of plan.drumSizes) {
    const database = await create();
    const kind = database.kind;
    try {
      log(`${kind}: demo account with ${drums} drums`);
      const started = performance.now();
      await database.prepare(drums);
      (report.seeding[kind] ??= []).push({
        what: `demo data with ${drums} drums`,
        seconds: (performance.now() - started) / 1000,
      });
      const server = await startPortal(3540, database.env);
      try {
        const cookie = await signIn(server.url, `bench-drums-${drums}-${Date.now()}@example.com`);
        const result = await sequentialLatency(
          server.url,
          { name: 'GET /api/refill/drums', paths: ['/api/refill/drums'], cookie },
          plan.drumCalls(drums),
          5,
        );
        (report.drums[kind] ??= []).push({ size: drums, results: [result] });
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
}

async function main() {
  await measureBuildAndBudgets();
  if (wants('startup')) await measureStarts();
  if (wants('pages')) await measurePages();
  const databases: Array<() => Promise<BenchDatabase>> = [async () => pgliteDatabase()];
  if (report.versions.postgres) databases.push(() => postgresDatabase(postgresAdminUrl));
  else log(`PostgreSQL not reachable at ${postgresAdminUrl}: PGlite only`);
  for (const create of databases) {
    if (wants('api') || wants('growth') || wants('typing')) {
      const database = await create();
      try {
        await measureCatalogue(database);
      } finally {
        await database.drop();
      }
    }
    if (wants('growth')) await measureDrums(create);
  }
  report.machine.loadAfter = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  const target = join(root, 'docs/performance.md');
  // Formatted as the repository's Prettier would (npm run lint checks every Markdown file).
  // Some sections are written by a benchmark of their own (`--write`): they are kept.
  const kept = ownSections(readFileSync(target, 'utf8'));
  const machines = kept.length ? `\n\n${kept.join('\n\n')}\n` : '';
  const markdown = await format(renderReport(report, args.join(' ')) + machines, {
    ...(await resolveConfig(target)),
    filepath: target,
  });
  writeFileSync(target, markdown);
  log(`written ${target}`);
}

await main();
