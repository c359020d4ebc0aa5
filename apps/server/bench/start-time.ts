// How long the built server takes from its launch to the first 200 of /api/health on the
// embedded database with the demo data: a first start (a new data directory, made from the
// build's template, the dated demo data seeded), then a second one on that directory, by node
// and by npm start; `RUNS` rounds, each in a new directory, medians. Beside them, the same
// run's references: a bare Fastify server's start, for the machine's speed, and the template's
// files written to a new directory by the server's own code, with no server, for its disk.
// Run: npm run build && npm run bench:start [-- --write]   (prints its section of
//      docs/performance.md, and with --write puts it there; RUNS=5)
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAverage, median } from './bench-support';
import { writeSnapshotToDirectory } from '../src/db/pglite-data-dir';
import { databaseTemplatePath } from '../src/seed/database-template';
import { ownSection, writeOwnSection } from './suite/own-sections';
import { cpuTimeMs, startBareServer, startPortal } from './suite/processes';

/* eslint-disable no-restricted-properties -- a benchmark script reads its options here */
const runs = Number(process.env.RUNS ?? 5);
/* eslint-enable no-restricted-properties */

const loadBefore = loadAverage();

const firsts: number[] = [];
/** CPU time the server used until its first answer, first starts and node starts. */
const cpu: Record<'first' | 'node', number[]> = { first: [], node: [] };
const starts: Record<'node' | 'npm start', number[]> = { node: [], 'npm start': [] };
const template = readFileSync(databaseTemplatePath);
/** Writing the template alone, as a first start does before it opens the database. */
const writes: number[] = [];
/** A bare Fastify server from its launch to its first answer. */
const bares: number[] = [];
let templateFiles = 0;
for (let run = 0; run < runs; run++) {
  const bare = await startBareServer(3548);
  bares.push(bare.startedInMs);
  await bare.stop();
  const writeDir = mkdtempSync(join(os.tmpdir(), 'portal-write-'));
  try {
    const started = performance.now();
    await writeSnapshotToDirectory(template, writeDir);
    writes.push(performance.now() - started);
    if (run === 0) templateFiles = countFiles(writeDir);
  } finally {
    rmSync(writeDir, { recursive: true, force: true });
  }
  const dataDir = mkdtempSync(join(os.tmpdir(), 'portal-start-'));
  const env = { DATA_DIR: dataDir };
  try {
    const first = await startPortal(3547, env, 'node');
    firsts.push(first.startedInMs);
    const firstCpu = cpuTimeMs(first.pid);
    if (firstCpu !== undefined) cpu.first.push(firstCpu);
    await first.stop();
    for (const how of ['node', 'npm start'] as const) {
      const server = await startPortal(3547, env, how);
      starts[how].push(server.startedInMs);
      const used = how === 'node' ? cpuTimeMs(server.pid) : undefined;
      if (used !== undefined) cpu.node.push(used);
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function countFiles(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  ).length;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const nodeMedian = median(starts.node);
const section = ownSection('start-time', 'npm run bench:start -- --write', [
  '## 8. Start of the built server',
  '',
  `Written by \`npm run bench:start -- --write\` (apps/server/bench/start-time.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average before ${loadBefore}, after ${loadAverage()}; ${os.cpus().length} cores. From launching the built server on the embedded database with the demo data to its first 200 of /api/health (polled every 20 ms): ${runs} rounds, each a first start in a new data directory (made from the build's template, the dated demo data seeded), then a start on that directory by node and one by npm start; medians. The CPU time (user and system, from /proc) that the server used until then moves less with the machine's other load; it can exceed the time, since PGlite compiles and the garbage collector runs on other threads. The first reference is the machine's speed, the second its disk: a first start waits for that write before it opens the database (the modules load meanwhile), and it is mostly the creation of the files, which costs far more on some disks than on others. Target: at most 1.5 s.`,
  '',
  line(['start', 'median', 'runs', 'CPU time to the answer (median)', '']),
  line(['---', '---', '---', '---', '---']),
  line([
    'first start: new data directory (template written, dated demo data seeded)',
    seconds(median(firsts)),
    firsts.map(seconds).join(', '),
    cpu.first.length ? seconds(median(cpu.first)) : '–',
    median(firsts) <= 1500 ? 'met' : '**not met**',
  ]),
  line([
    '`node apps/server/dist/server.js`, existing data',
    seconds(nodeMedian),
    starts.node.map(seconds).join(', '),
    cpu.node.length ? seconds(median(cpu.node)) : '–',
    nodeMedian <= 1500 ? 'met' : '**not met**',
  ]),
  line([
    '`npm start`, existing data',
    seconds(median(starts['npm start'])),
    starts['npm start'].map(seconds).join(', '),
    '–',
    '',
  ]),
  line([
    'reference: a bare Fastify server (one route), to its first answer',
    seconds(median(bares)),
    bares.map(seconds).join(', '),
    '–',
    `first start = ${(median(firsts) / median(bares)).toFixed(1)} ×`,
  ]),
  line([
    `reference: the template's ${templateFiles} files written to a new directory, no server`,
    seconds(median(writes)),
    writes.map(seconds).join(', '),
    '–',
    '',
  ]),
]);
console.log(section);
if (process.argv.includes('--write')) {
  await writeOwnSection('start-time', section);
  console.log('written docs/performance.md');
}
