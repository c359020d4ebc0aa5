// The page's own work on its main thread, as CPU time, beside the floor (an empty React app built
// by Vite) in the same run: for each page, `RUNS` loads in a new browser profile each, traced from
// the navigation until the page is idle (at most two requests in flight, the live event stream being one, for 500 ms, then a second with no long task), the thread's
// CPU time summed over its top-level tasks. CPU time hardly moves with what else the machine runs,
// where wall time and Lighthouse's blocking time do. The longest task is given times 4, the
// slowdown of a mid-range phone: over 50 ms it is a long task there.
// Run: npm run build && npm run bench:cpu [-- --write]   (RUNS=5)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { loadAverage, median } from './bench-support';
import { signIn } from './suite/data';
import { startFloor } from './suite/floor';
import { LONG_TASK_MS, topLevelTasks, type TraceEvent } from './suite/main-thread';
import { ownSection, writeOwnSection } from './suite/own-sections';
import { chromiumFlags, chromiumPath, chromiumVersion } from './suite/page-load';
import { startPortal } from './suite/processes';

/* eslint-disable no-restricted-properties -- a benchmark script reads its options here */
const runs = Number(process.env.RUNS ?? 5);
/* eslint-enable no-restricted-properties */
const shouldWrite = process.argv.includes('--write');
/** A mid-range phone's CPU against this machine's, as Lighthouse's mobile preset takes it. */
const PHONE_SLOWDOWN = 4;
/** Upper bounds of each page's CPU time as a multiple of the floor's. */
const targets: Record<string, number> = { auth: 3, refill: 5, backoffice: 5 };

interface Visitor {
  cookie?: string;
  hasAnsweredConsent?: boolean;
}

interface Load {
  cpuMs: number;
  wallMs: number;
  tasks: number;
  longestTaskCpuMs: number;
  /** Tasks whose CPU time times the phone's slowdown is over 50 ms. */
  longTasksOnPhone: number;
}

const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  '__metadata',
];

/**
 * The main thread of the renderer the page committed in: the main frame's last commit names its
 * process (a navigation may leave the first renderer for another one). The browser's other
 * renderers (spare ones, other contexts) are not the page's.
 */
function mainThreadOf(events: readonly TraceEvent[]): { pid: number; tid: number } | undefined {
  type FrameEvent = TraceEvent & {
    args?: { data?: { processId?: number; isOutermostMainFrame?: boolean } };
  };
  const committed = (events as FrameEvent[]).filter(
    (event) =>
      event.name === 'FrameCommittedInBrowser' && event.args?.data?.isOutermostMainFrame === true,
  );
  const pid = committed.at(-1)?.args?.data?.processId;
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain',
  );
  return thread ? { pid: thread.pid, tid: thread.tid } : undefined;
}

/**
 * Resolves once the page has run no long task for a second. Written as text: the benchmark's own
 * compiler would add helpers to a function that the page does not have.
 */
const waitForIdle = `new Promise((resolve) => {
  let last = performance.now();
  const observer = new PerformanceObserver(() => (last = performance.now()));
  try { observer.observe({ entryTypes: ['longtask'] }); } catch {}
  const check = () => {
    if (performance.now() - last >= 1000) { observer.disconnect(); resolve(); }
    else setTimeout(check, 200);
  };
  setTimeout(check, 1000);
})`;

async function loadOnce(browser: Browser, url: string, visitor: Visitor): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const { origin, hostname } = new URL(url);
    if (visitor.cookie) {
      const [name = '', value = ''] = visitor.cookie.split('=');
      await context.setCookie({ name, value, domain: hostname, path: '/', httpOnly: true });
    }
    if (visitor.hasAnsweredConsent) {
      // A static file of the origin, so the app's own code does not run before the measure.
      await page.goto(`${origin}/robots.txt`);
      const record = JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } });
      await page.evaluate(
        `localStorage.setItem('analytics-acceptance', ${JSON.stringify(record)})`,
      );
    }
    await page.tracing.start({ categories: traceCategories });
    // The live event stream stays open: idle is at most two requests in flight.
    await page.goto(url, { waitUntil: 'networkidle2' });
    // Idle: a second with no task on the page's thread ends the trace (checked by the page).
    await page.evaluate(waitForIdle);
    const buffer = await page.tracing.stop();
    const events = (
      JSON.parse(Buffer.from(buffer ?? new Uint8Array()).toString('utf8')) as {
        traceEvents: TraceEvent[];
      }
    ).traceEvents;
    const thread = mainThreadOf(events);
    if (!thread) throw new Error(`no main thread in the trace of ${url}`);
    const tasks = topLevelTasks(
      events,
      (event) => event.pid === thread.pid && event.tid === thread.tid,
    );
    const ms = (us: number | undefined) => (us ?? 0) / 1000;
    return {
      cpuMs: tasks.reduce((sum, task) => sum + ms(task.tdur), 0),
      wallMs: tasks.reduce((sum, task) => sum + ms(task.dur), 0),
      tasks: tasks.length,
      longestTaskCpuMs: Math.max(0, ...tasks.map((task) => ms(task.tdur))),
      longTasksOnPhone: tasks.filter((task) => ms(task.tdur) * PHONE_SLOWDOWN > LONG_TASK_MS)
        .length,
    };
  } finally {
    await context.close();
  }
}

/** An agent of the provider, signed in, and one item of their inbox. */
async function signInAgent(baseUrl: string): Promise<{ cookie: string; itemId: string }> {
  const email = `bench-agent-${Date.now()}@example.com`;
  const cookie = await signIn(baseUrl, email);
  const headers = { 'content-type': 'application/json', origin: baseUrl, cookie };
  const changed = await fetch(`${baseUrl}/api/dev/users/role`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ email, role: 'agent', siteIds: null }),
  });
  if (changed.status !== 204) throw new Error(`making an agent answered ${changed.status}`);
  const inbox = (await (await fetch(`${baseUrl}/api/backoffice/inbox`, { headers })).json()) as {
    items?: Array<{ id: string }>;
  };
  const itemId = inbox.items?.[0]?.id;
  if (!itemId) throw new Error('the demo inbox is empty');
  return { cookie, itemId };
}

const loadBefore = loadAverage();
const floor = await startFloor(3561);
const dataDir = mkdtempSync(join(os.tmpdir(), 'portal-cpu-'));
const portal = await startPortal(3562, { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const browser = await puppeteer.launch({
  executablePath: chromiumPath,
  headless: true,
  args: chromiumFlags,
});
try {
  const customer = await signIn(portal.url, `bench-cpu-${Date.now()}@example.com`);
  const agent = await signInAgent(portal.url);
  const pages: Array<{ label: string; target?: string; url: string; visitor: Visitor }> = [
    { label: 'floor: empty React app', url: floor.url, visitor: {} },
    { label: '/auth, first visit', target: 'auth', url: `${portal.url}/auth`, visitor: {} },
    {
      label: '/refill, signed in on a new device',
      target: 'refill',
      url: `${portal.url}/refill`,
      visitor: { cookie: customer },
    },
    {
      label: '/refill, returning user',
      target: 'refill',
      url: `${portal.url}/refill`,
      visitor: { cookie: customer, hasAnsweredConsent: true },
    },
    {
      label: '/backoffice, the inbox',
      target: 'backoffice',
      url: `${portal.url}/backoffice`,
      visitor: { cookie: agent.cookie, hasAnsweredConsent: true },
    },
    {
      label: '/backoffice/items/:id, an item',
      target: 'backoffice',
      url: `${portal.url}/backoffice/items/${agent.itemId}`,
      visitor: { cookie: agent.cookie, hasAnsweredConsent: true },
    },
  ];
  // One load of each first, not counted: the server's first answers warm its caches.
  for (const page of pages) await loadOnce(browser, page.url, page.visitor);
  const loads = new Map<string, Load[]>(pages.map((page) => [page.label, []]));
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      process.stderr.write(`run ${run + 1}/${runs}: ${page.label}\n`);
      loads.get(page.label)?.push(await loadOnce(browser, page.url, page.visitor));
    }
  }
  const loadDuring = loadAverage();
  const of = (label: string, pick: (load: Load) => number) =>
    median((loads.get(label) ?? []).map(pick));
  const floorCpu = of(pages[0]!.label, (load) => load.cpuMs);
  const line = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
  const rows = pages.map(({ label, target }) => {
    const cpu = of(label, (load) => load.cpuMs);
    const ratio = cpu / floorCpu;
    const bound = target ? targets[target] : undefined;
    const longest = Math.max(...(loads.get(label) ?? []).map((load) => load.longestTaskCpuMs));
    return line([
      label,
      `${Math.round(cpu)} ms`,
      `${Math.round(of(label, (load) => load.wallMs))} ms`,
      `${ratio.toFixed(1)}×`,
      bound ? `≤ ${bound}× ${ratio <= bound ? 'ok' : '**over**'}` : '',
      of(label, (load) => load.tasks),
      `${Math.round(longest * PHONE_SLOWDOWN)} ms ${longest * PHONE_SLOWDOWN <= LONG_TASK_MS ? 'ok' : '**long**'}`,
      of(label, (load) => load.longTasksOnPhone),
    ]);
  });
  const section = ownSection('main-thread-cpu', 'npm run bench:cpu -- --write', [
    '## 13. The page’s own work: main-thread CPU time beside the floor',
    '',
    `Written by \`npm run bench:cpu -- --write\` (apps/server/bench/main-thread-cpu.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.cpus().length} cores, ${chromiumVersion()}, headless; load average before ${loadBefore}, during ${loadDuring}. ${runs} loads per page (after one unmeasured load each), pages in turn, each in a new browser profile; medians. A load is traced from the navigation until the page is idle (at most two requests in flight for 500 ms, the live event stream being one, then a second with no long task); the figure is the CPU time of the page's main thread in its top-level tasks, which hardly moves with the machine's other work, then their wall time, which does. The floor is an empty React app built by Vite and served precompressed. The portal is the built app on the embedded database with the demo data; the back-office pages are an agent's. The longest task is the longest of all loads, its CPU time × ${PHONE_SLOWDOWN} (a mid-range phone): over ${LONG_TASK_MS} ms it is a long task there; the last column counts such tasks in a load (median).`,
    '',
    line([
      'page',
      'main thread CPU',
      'wall',
      '× floor',
      'target',
      'tasks',
      `longest task × ${PHONE_SLOWDOWN}`,
      `tasks over ${LONG_TASK_MS} ms × ${PHONE_SLOWDOWN}`,
    ]),
    line(['---', '--:', '--:', '--:', '---', '--:', '--:', '--:']),
    ...rows,
  ]);
  process.stdout.write(`${section}\n`);
  if (shouldWrite) await writeOwnSection('main-thread-cpu', section);
} finally {
  await browser.close();
  await portal.stop();
  await floor.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
