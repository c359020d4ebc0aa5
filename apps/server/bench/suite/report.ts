import type { LatencyResult, LoadResult } from './api-load';
import type { DatabaseKind } from './data';
import type { PageResult } from './page-load';
import type { TypingResult } from './typing';

export interface BudgetFigures {
  routes: Array<{
    route: string;
    jsGzip: number;
    jsBrotli: number;
    cssGzip: number;
    cssBrotli: number;
    files: number;
    jsBudget: number;
    cssBudget: number;
    isOver: boolean;
    pending?: string;
  }>;
  problems: string[];
}

export interface SizedLatency {
  size: number;
  results: LatencyResult[];
}

export interface BenchReport {
  date: Date;
  quick: boolean;
  machine: { cpu: string; memory: string; os: string; loadBefore: string; loadAfter: string };
  versions: {
    node: string;
    chromium: string;
    lighthouse: string;
    postgres: string | undefined;
    commit: string;
  };
  budgets: BudgetFigures | undefined;
  buildSeconds: number | undefined;
  starts: Array<{ coldMs: number; warmMs: number }>;
  pages: PageResult[];
  load: Partial<Record<DatabaseKind, LoadResult[]>>;
  search: Partial<Record<DatabaseKind, SizedLatency[]>>;
  drums: Partial<Record<DatabaseKind, SizedLatency[]>>;
  seeding: Partial<Record<DatabaseKind, Array<{ what: string; seconds: number }>>>;
  /** Chromium traces of typing in the spare-parts search. */
  typing: TypingResult[];
}

const kinds: DatabaseKind[] = ['PGlite', 'PostgreSQL'];
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
const count = (value: number) => Math.round(value).toLocaleString('en');
const mark = (isMet: boolean | undefined) =>
  isMet === undefined ? 'not measured' : isMet ? '✅ met' : '❌ missed';
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? Number.NaN
    : sorted.length % 2
      ? sorted[middle]!
      : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function table(headings: string[], rows: string[][]): string {
  return [
    `| ${headings.join(' | ')} |`,
    `|${headings.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

/** A horizontal bar per point: the curve of a figure against a size (ASCII, for any viewer). */
export function asciiChart(title: string, points: Array<{ label: string; value: number }>): string {
  const width = 48;
  const max = Math.max(...points.map((point) => point.value), 1e-9);
  const labelWidth = Math.max(...points.map((point) => point.label.length));
  const lines = points.map(
    (point) =>
      `${point.label.padStart(labelWidth)} | ${'█'.repeat(Math.max(1, Math.round((point.value / max) * width)))} ${ms(point.value)}`,
  );
  return ['```', title, ...lines, '```'].join('\n');
}

function page(report: BenchReport, path: string, preset: string) {
  return report.pages.find((result) => result.page === path && result.preset === preset);
}

function findLatency(rows: SizedLatency[] | undefined, size: number, name: string) {
  return rows?.find((row) => row.size === size)?.results.find((result) => result.name === name);
}

function targetRows(report: BenchReport): string[][] {
  const rows: string[][] = [];
  for (const route of report.budgets?.routes ?? []) {
    rows.push([
      `First-render JS of ${route.route} (gzip)`,
      `${route.jsGzip} KiB`,
      `≤ ${route.jsBudget} KiB`,
      route.pending && route.isOver ? '❌ missed (pending)' : mark(!route.isOver),
    ]);
  }
  const auth = report.budgets?.routes.find((route) => route.route === '/auth');
  if (auth)
    rows.push([
      'First-render CSS of /auth (gzip)',
      `${auth.cssGzip} KiB`,
      '≤ 15 KiB',
      mark(auth.cssGzip <= 15),
    ]);

  const authMobile = page(report, '/auth', 'mobile');
  const authDesktop = page(report, '/auth', 'desktop');
  const refillMobile = page(report, '/refill', 'mobile');
  const metric = (
    label: string,
    result: PageResult | undefined,
    value: (result: PageResult) => number,
    shown: (value: number) => string,
    target: string,
    isMet: (value: number) => boolean,
  ) => {
    const figure = result ? value(result) : undefined;
    rows.push([
      label,
      figure === undefined ? '–' : shown(figure),
      target,
      mark(figure === undefined ? undefined : isMet(figure)),
    ]);
  };
  metric(
    '/auth Lighthouse mobile score',
    authMobile,
    (r) => r.median.scores.performance ?? 0,
    String,
    '100',
    (v) => v >= 100,
  );
  metric(
    '/auth mobile FCP',
    authMobile,
    (r) => r.median.metrics.fcp,
    seconds,
    '≤ 1.07 s',
    (v) => v <= 1070,
  );
  metric(
    '/auth mobile LCP',
    authMobile,
    (r) => r.median.metrics.lcp,
    seconds,
    '≤ 1.55 s',
    (v) => v <= 1550,
  );
  metric(
    '/auth mobile TBT',
    authMobile,
    (r) => r.median.metrics.tbt,
    ms,
    '≤ 64 ms',
    (v) => v <= 64,
  );
  metric(
    '/auth mobile CLS',
    authMobile,
    (r) => r.median.metrics.cls,
    (v) => v.toFixed(3),
    '≤ 0.039',
    (v) => v <= 0.039,
  );
  metric(
    '/auth Lighthouse desktop score',
    authDesktop,
    (r) => r.median.scores.performance ?? 0,
    String,
    '100',
    (v) => v >= 100,
  );
  metric(
    '/auth accessibility',
    authMobile,
    (r) => r.median.scores.accessibility ?? 0,
    String,
    '100',
    (v) => v >= 100,
  );
  metric(
    '/auth best practices',
    authMobile,
    (r) => r.median.scores['best-practices'] ?? 0,
    String,
    '100',
    (v) => v >= 100,
  );
  metric(
    '/auth SEO',
    authMobile,
    (r) => r.median.scores.seo ?? 0,
    String,
    '≥ 95',
    (v) => v >= 95,
  );
  metric(
    '/refill (signed in) Lighthouse mobile score',
    refillMobile,
    (r) => r.median.scores.performance ?? 0,
    String,
    '≥ 95',
    (v) => v >= 95,
  );

  const pgliteLoad = report.load.PGlite;
  const bare = pgliteLoad?.find((row) => row.name.startsWith('bare'));
  const me = pgliteLoad?.find((row) => row.name === 'GET /api/users/me');
  rows.push([
    'GET /api/users/me req/s, share of the bare route (PGlite)',
    me && bare
      ? `${count(me.requestsPerSecond)} req/s = ${Math.round((me.requestsPerSecond / bare.requestsPerSecond) * 100)} %`
      : '–',
    '≥ 50 %',
    mark(me && bare ? me.requestsPerSecond >= bare.requestsPerSecond / 2 : undefined),
  ]);
  rows.push([
    'GET /api/users/me p99 under load (PGlite)',
    me ? ms(me.p99) : '–',
    '≤ 20 ms',
    mark(me ? me.p99 <= 20 : undefined),
  ]);

  for (const kind of kinds) {
    for (const name of ['part-number prefix', 'designation word']) {
      const at100k = findLatency(report.search[kind], 100_000, name);
      const at1m = findLatency(report.search[kind], 1_000_000, name);
      if (!at100k) continue;
      rows.push([
        `Search, ${name}, 100,000 parts, p95 (${kind})`,
        ms(at100k.p95),
        '≤ 30 ms',
        mark(at100k.p95 <= 30),
      ]);
      rows.push([
        `Search, ${name}, p95 growth 100,000 → 1,000,000 parts (${kind})`,
        at1m ? `× ${(at1m.p95 / at100k.p95).toFixed(2)}` : '–',
        '≤ × 2',
        mark(at1m ? at1m.p95 / at100k.p95 <= 2 : undefined),
      ]);
    }
  }
  if (report.typing.length) {
    const longest = Math.max(...report.typing.map((result) => result.longestMs));
    const longTasks = report.typing.reduce((sum, result) => sum + result.longTasks, 0);
    rows.push([
      'Typing in the spare-parts search: tasks over 50 ms',
      `${longTasks} (longest ${ms(longest)})`,
      '0',
      mark(longTasks === 0),
    ]);
  }
  const cold = report.starts.length
    ? median(report.starts.map((start) => start.coldMs))
    : undefined;
  rows.push([
    'Cold `npm start` (empty data) to first answer',
    cold === undefined ? '–' : seconds(cold),
    '≤ 3 s',
    mark(cold === undefined ? undefined : cold <= 3000),
  ]);
  rows.push([
    'Production build (`npm run build`)',
    report.buildSeconds === undefined ? '–' : `${report.buildSeconds.toFixed(1)} s`,
    '≤ 60 s',
    mark(report.buildSeconds === undefined ? undefined : report.buildSeconds <= 60),
  ]);
  return rows;
}

function pageSection(report: BenchReport): string {
  if (!report.pages.length) return '_Not measured in this run._';
  const runs = report.pages[0]!.runs.length;
  const rows = report.pages.map((result) => [
    result.page,
    result.preset,
    String(result.median.scores.performance ?? '–'),
    seconds(result.median.metrics.fcp),
    seconds(result.median.metrics.lcp),
    ms(result.median.metrics.tbt),
    result.median.metrics.cls.toFixed(3),
    seconds(result.median.metrics.si),
    String(result.median.scores.accessibility ?? '–'),
    String(result.median.scores['best-practices'] ?? '–'),
    String(result.median.scores.seo ?? '–'),
    `${(result.scriptBytes / 1024).toFixed(0)} / ${(result.totalBytes / 1024).toFixed(0)} KiB`,
  ]);
  const failed = report.pages
    .filter((result) => result.failedAudits.length)
    .map((result) => `- ${result.page} ${result.preset}: ${result.failedAudits.join(', ')}`);
  return [
    `Lighthouse ${report.versions.lighthouse}, default (simulated) throttling of each preset, ${runs} run${runs > 1 ? 's' : ''} each in a new browser profile, medians. ` +
      '`/auth` is a first visit (the consent question shows); `/refill` is a user signed in through the API and the dev mailbox, whose session cookie and consent answer are in the browser. Served by `npm start` on the embedded database.',
    '',
    table(
      [
        'page',
        'preset',
        'score',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'SI',
        'accessibility',
        'best practices',
        'SEO',
        'JS / all transferred',
      ],
      rows,
    ),
    '',
    failed.length
      ? ['Audits under 90 in some run:', ...failed].join('\n')
      : 'Every audit passed in every run.',
  ].join('\n');
}

function loadSection(report: BenchReport, seconds: string): string {
  const parts: string[] = [];
  for (const kind of kinds) {
    const rows = report.load[kind];
    if (!rows) continue;
    const bare = rows.find((row) => row.name.startsWith('bare'));
    parts.push(
      `**${kind}**`,
      '',
      table(
        ['route', 'req/s', 'share of bare', 'p50', 'p97.5', 'p99', 'errors', 'requests'],
        rows.map((row) => [
          row.name,
          count(row.requestsPerSecond),
          bare ? `${Math.round((row.requestsPerSecond / bare.requestsPerSecond) * 100)} %` : '–',
          ms(row.p50),
          ms(row.p97_5),
          ms(row.p99),
          String(row.errors),
          count(row.total),
        ]),
      ),
      '',
    );
  }
  if (!parts.length) return '_Not measured in this run._';
  return [
    `autocannon, 50 connections, ${seconds} per route after a warm-up, against the built server (\`node apps/server/dist/server.js\`, logging at its default level) and, in the same run, a bare Fastify answering \`{}\` in its own process. The search cycles through part-number prefixes and designation words over 100,000 parts. The load generator runs on the same 2 cores as the server.`,
    '',
    ...parts,
  ].join('\n');
}

function growthSection(
  title: string,
  data: BenchReport['search'],
  unit: string,
  note: string,
): string {
  const parts: string[] = [note, ''];
  for (const kind of kinds) {
    const rows = data[kind];
    if (!rows?.length) continue;
    const names = [...new Set(rows.flatMap((row) => row.results.map((result) => result.name)))];
    parts.push(
      `**${kind}**`,
      '',
      table(
        [unit, 'measure', 'p50', 'p95', 'p99', 'calls', 'answer size'],
        rows.flatMap((row) =>
          row.results.map((result) => [
            count(row.size),
            result.name,
            ms(result.p50),
            ms(result.p95),
            ms(result.p99),
            String(result.calls),
            `${(result.bytes / 1024).toFixed(1)} KiB`,
          ]),
        ),
      ),
      '',
    );
    for (const name of names) {
      parts.push(
        asciiChart(
          `${title}, ${name}, p95 (${kind})`,
          rows.flatMap((row) => {
            const result = row.results.find((candidate) => candidate.name === name);
            return result ? [{ label: `${count(row.size)} ${unit}`, value: result.p95 }] : [];
          }),
        ),
        '',
      );
    }
  }
  return parts.length > 2 ? parts.join('\n') : '_Not measured in this run._';
}

export function renderReport(report: BenchReport, commandArgs: string): string {
  const loadSeconds = report.quick ? '3 s' : '20 s';
  const seeding = kinds.flatMap((kind) =>
    (report.seeding[kind] ?? []).map((entry) => [
      kind,
      entry.what,
      `${entry.seconds.toFixed(1)} s`,
    ]),
  );
  const starts = report.starts;
  return `# Performance

Written by \`npm run bench${commandArgs ? ` -- ${commandArgs}` : ''}\` (apps/server/bench/suite/run.ts) on ${report.date.toISOString().slice(0, 16).replace('T', ' ')} UTC${report.quick ? ', **quick mode** (fewer runs, shorter loads, smaller sizes: indicative only)' : ''}. Do not edit by hand: run it again.

- Machine: ${report.machine.cpu}, ${report.machine.memory}, ${report.machine.os}; load average (1/5/15 min) ${report.machine.loadBefore} before, ${report.machine.loadAfter} after. The machine is shared: figures move with what else runs.
- Node ${report.versions.node}, ${report.versions.chromium}, Lighthouse ${report.versions.lighthouse}, PostgreSQL ${report.versions.postgres ?? 'not reachable (PGlite only)'}, PGlite as bundled; commit ${report.versions.commit}.

## Targets

${table(['what', 'figure', 'target', ''], targetRows(report))}

## 1. Page load

${pageSection(report)}

## 2. API load

${loadSection(report, loadSeconds)}

## 3. Growth

${growthSection(
  'Spare-parts search',
  report.search,
  'parts',
  'GET /api/spareparts with a search, one call at a time after a warm-up (the latency one user sees), as the catalogue grows; each kind cycles through six searches. Parts are added by `seedSpareParts` (the generator behind `npm run seed:parts`).',
)}

${growthSection(
  'Drum overview',
  report.drums,
  'drums',
  'GET /api/refill/drums for an account with more and more drums (180 days of readings each, `demoAccountSeedStep(drumCount)`), one call at a time after a warm-up.',
)}

**Seeding times**

${seeding.length ? table(['database', 'what', 'time'], seeding) : '_None in this run._'}

**Typing in the spare-parts search**

A signed-in user types four searches (${'`bearing`, `roulement`, `pump seal`, `BRG-0001`'}) in /spareparts at 100,000 parts, one key every 120 ms, each left to show its page of parts; a Chromium trace records it (\`apps/server/bench/suite/typing.ts\`). Tasks are the top-level tasks of the page's main thread; a long task is one over 50 ms.

${
  report.typing.length
    ? table(
        ['viewport', 'parts a page', 'tasks', 'over 50 ms', 'longest'],
        report.typing.map((result) => [
          result.viewport,
          String(result.pageSize),
          count(result.tasks),
          String(result.longTasks),
          ms(result.longestMs),
        ]),
      )
    : '_Not measured in this run._'
}

## 4. Start and build

${table(
  ['what', 'figure'],
  [
    [
      '`npm run build` (web + server)',
      report.buildSeconds === undefined
        ? 'not run (--no-build)'
        : `${report.buildSeconds.toFixed(1)} s`,
    ],
    ...starts.map((start, index) => [
      `\`npm start\` to the first answer of /api/health, run ${index + 1}: empty data (migrations, demo seed) / existing data`,
      `${seconds(start.coldMs)} / ${seconds(start.warmMs)}`,
    ]),
  ],
)}

## 5. Bundle budgets

What each route fetches for its first render, with what it shows over itself at once (the consent pop-up on /auth), from the build's manifest (\`node scripts/check-budgets.mjs\`, run by \`npm test\`; budgets in apps/web/src/config/page-delivery.ts).

${
  report.budgets
    ? table(
        ['route', 'JS gzip', 'JS brotli', 'CSS gzip', 'CSS brotli', 'files', 'budget JS / CSS', ''],
        report.budgets.routes.map((route) => [
          route.route,
          `${route.jsGzip} KiB`,
          `${route.jsBrotli} KiB`,
          `${route.cssGzip} KiB`,
          `${route.cssBrotli} KiB`,
          String(route.files),
          `${route.jsBudget} / ${route.cssBudget} KiB`,
          route.isOver ? (route.pending ? 'over (pending)' : 'OVER') : 'ok',
        ]),
      ) + (report.budgets.problems.length ? `\n\n${report.budgets.problems.join('\n')}` : '')
    : '_Not measured in this run._'
}
`;
}
