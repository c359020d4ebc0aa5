// Page loads on a loaded machine, beside the floor: Lighthouse's mobile preset on an empty React
// app built by Vite (the floor), /auth on a first visit, and /refill signed in both on a new
// device (the consent question shows) and for a returning user (answered), all in one run while
// `BUSY_CORES` other processes keep cores busy, as a phone's other work does. Medians of `RUNS`
// runs, each in a new browser profile, the pages taken in turn so the load is shared alike.
// Run: npm run build && npm run bench:pages [-- --write]   (prints its section of
//      docs/performance.md, and with --write puts it there; RUNS=5 BUSY_CORES=1 FLOOR_WORK_MS=260)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { loadAverage, median } from './bench-support';
import { signIn } from './suite/data';
import { startFloor } from './suite/floor';
import { ownSection, writeOwnSection } from './suite/own-sections';
import type { MainThreadWork } from './suite/main-thread';
import { measurePage, type PageResult, type Visitor } from './suite/page-load';
import { startPortal } from './suite/processes';

/* eslint-disable no-restricted-properties -- a benchmark script reads its options here */
const runs = Number(process.env.RUNS ?? 5);
const busyCores = Number(process.env.BUSY_CORES ?? 1);
/** The script the second floor runs after its first paint, ms. */
const floorWorkMs = Number(process.env.FLOOR_WORK_MS ?? 260);
/* eslint-enable no-restricted-properties */
const shouldWrite = process.argv.includes('--write');

/** Processes spinning on the CPU until stopped. */
function keepCoresBusy(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

const loadBefore = loadAverage();
const floor = await startFloor(3551);
const dataDir = mkdtempSync(join(os.tmpdir(), 'portal-pages-load-'));
const portal = await startPortal(3552, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
let busy: ChildProcess[] = [];
try {
  const cookie = await signIn(portal.url, `bench-load-${Date.now()}@example.com`);
  const pages: Array<{ label: string; url: string; visitor: Visitor }> = [
    { label: 'floor: empty React app', url: floor.url, visitor: {} },
    {
      label: `floor, then ${floorWorkMs} ms of script in 5 ms tasks`,
      url: `${floor.url}?work=${floorWorkMs}`,
      visitor: {},
    },
    { label: '/auth, first visit', url: `${portal.url}/auth`, visitor: {} },
    {
      label: '/refill, signed in on a new device',
      url: `${portal.url}/refill`,
      visitor: { cookie },
    },
    {
      label: '/refill, returning user',
      url: `${portal.url}/refill`,
      visitor: { cookie, hasAnsweredConsent: true },
    },
  ];
  busy = keepCoresBusy(busyCores);
  const results = new Map<string, PageResult[]>(pages.map((page) => [page.label, []]));
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      process.stderr.write(`run ${run + 1}/${runs}: ${page.label}\n`);
      results
        .get(page.label)
        ?.push(await measurePage(page.url, 'mobile', 1, ['performance'], page.visitor));
    }
  }
  const loadDuring = loadAverage();

  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const rows = pages.map(({ label }) => {
    const measured = results.get(label) ?? [];
    const of = (pick: (result: PageResult) => number) => median(measured.map(pick));
    const scores = measured.map((result) => result.median.scores.performance ?? 0);
    const threads = measured.flatMap((result) =>
      result.runs.flatMap((run) => (run.mainThread ? [run.mainThread] : [])),
    );
    const work = (pick: (thread: MainThreadWork) => number) =>
      threads.length ? String(Math.round(median(threads.map(pick)))) : '–';
    return line([
      label,
      `${of((result) => result.median.scores.performance ?? 0)} (${Math.min(...scores)}–${Math.max(...scores)})`,
      `${(of((result) => result.median.metrics.lcp) / 1000).toFixed(2)} s`,
      `${Math.round(of((result) => result.median.metrics.tbt))} ms`,
      of((result) => result.median.metrics.cls).toFixed(3),
      `${(of((result) => result.scriptBytes) / 1024).toFixed(1)} KiB`,
      `${(of((result) => result.scriptGzipBytes) / 1024).toFixed(1)} KiB`,
      `${work((thread) => thread.wallMs)} / ${work((thread) => thread.cpuMs)} ms`,
      `${work((thread) => thread.blockingFromWallMs)} / ${work((thread) => thread.blockingFromCpuMs)} ms`,
      `${work((thread) => thread.otherThreadsCpuMs)} ms`,
    ]);
  });
  const failed = pages.flatMap(({ label }) => {
    const audits = [
      ...new Set((results.get(label) ?? []).flatMap((result) => result.failedAudits)),
    ];
    return audits.length ? [`- ${label}: ${audits.join(', ')}`] : [];
  });
  const section = ownSection('pages-under-load', 'npm run bench:pages -- --write', [
    '## 9. Page loads on a busy machine, beside the floor',
    '',
    `Written by \`npm run bench:pages -- --write\` (apps/server/bench/page-load-under-load.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.cpus().length} cores, ${busyCores} kept busy by another process during every measure; load average before ${loadBefore}, during ${loadDuring}. Lighthouse mobile preset (simulated throttling), performance category, ${runs} runs per page, each in a new browser profile, pages in turn; medians (score range in brackets). The floor is an empty React app built by Vite (apps/server/bench/floor) and served precompressed; the second row is the same app running ${floorWorkMs} ms of script after its first paint (about the CPU time /refill's main thread spends after it), cut into tasks of 5 ms as React's scheduler cuts a background render: what the load makes of that much work with no long task, and no request or frame of its own. The portal is the built app on the embedded database with the demo data. JavaScript is what the browser transferred during the whole load (brotli, headers included); the gzip column is the same scripts' bodies as gzip would send them. The last three columns are read from each run's trace, the main thread's tasks from the first contentful paint on: their wall time and the thread's CPU time in them, then the blocking time Lighthouse's simulation reckons from each (each task's time × 4, the preset's CPU slowdown, over 50 ms, summed; Lighthouse stops at the page's Time to Interactive). A task's wall time includes the time it waited while other processes had the CPU, and the simulation multiplies that wait as if it were the page's work: the second figure is what the page's own work blocks for. The last column is the CPU time of the browser's other threads (its own, the compositor's, the renderer's others) from the first paint to the end of the main thread's last task: work the page's requests and frames cause, on the same cores; the server's and Lighthouse's own work is not in the trace. Targets: /refill score ≥ 98, LCP ≤ 1.2 s, TBT ≤ 100 ms in both cases; /auth score 100, TBT ≤ 50 ms, JavaScript ≤ 100 KiB.`,
    '',
    line([
      'page',
      'score',
      'LCP',
      'TBT',
      'CLS',
      'JavaScript',
      'JavaScript, gzip',
      'main thread after first paint, wall / CPU',
      'blocking time from wall / CPU time',
      "the browser's other threads meanwhile, CPU",
    ]),
    line(['---', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:', '--:']),
    ...rows,
    ...(failed.length ? ['', 'Audits under 90 in some run:', '', ...failed] : []),
  ]);
  process.stdout.write(`${section}\n`);
  if (shouldWrite) await writeOwnSection('pages-under-load', section);
} finally {
  for (const child of busy) child.kill('SIGKILL');
  await portal.stop();
  await floor.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
