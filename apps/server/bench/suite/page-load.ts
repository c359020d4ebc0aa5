import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { get } from 'node:http';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { workspacePath } from '../../src/config/paths';
import { mainThreadAfterFirstPaint, type MainThreadWork, type TraceEvent } from './main-thread';

// eslint-disable-next-line no-restricted-properties -- a benchmark picks its browser here
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of every browser test here. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For chrome-launcher, which needs the headless mode as a flag. */
const chromeFlags = ['--headless=new', ...chromiumFlags];

export type Preset = 'mobile' | 'desktop';
export const metricIds = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type Metric = keyof typeof metricIds;

export interface PageRun {
  scores: Record<string, number>;
  metrics: Record<Metric, number>;
  /** Audits of the page's categories that did not pass, with their score. */
  failedAudits: string[];
  /** JavaScript and total transferred bytes, as Lighthouse saw them. */
  scriptBytes: number;
  totalBytes: number;
  /** The same scripts' bodies as gzip would send them (the usual unit of budgets). */
  scriptGzipBytes: number;
  /** The main thread's tasks after the first paint, from the run's trace. */
  mainThread?: MainThreadWork;
}

/** The length of `url`'s body sent gzip-encoded, as it travels (not decoded). */
function gzipBodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let length = 0;
      response.on('data', (chunk: Buffer) => (length += chunk.length));
      response.on('end', () => resolve(length));
      response.on('error', reject);
    }).on('error', reject);
  });
}

export interface PageResult {
  page: string;
  preset: Preset;
  runs: PageRun[];
  /** Medians of the runs. */
  median: { scores: Record<string, number>; metrics: Record<Metric, number> };
  failedAudits: string[];
  scriptBytes: number;
  totalBytes: number;
  scriptGzipBytes: number;
}

export function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return existsSync(chromiumPath) ? 'unknown' : `not found at ${chromiumPath}`;
  }
}

export function lighthouseVersion(): string {
  const manifest = JSON.parse(
    readFileSync(workspacePath('node_modules/lighthouse/package.json'), 'utf8'),
  ) as { version: string };
  return manifest.version;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * How the browser comes to the page: a first visit, or a signed-in user who has answered the
 * consent question (their session cookie and consent record are in the browser beforehand).
 */
export interface Visitor {
  cookie?: string;
  hasAnsweredConsent?: boolean;
}

async function runOnce(
  url: string,
  preset: Preset,
  categories: string[],
  visitor: Visitor,
): Promise<PageRun> {
  // A new browser and profile per run: nothing cached. Lighthouse clears the HTTP cache itself
  // but keeps cookies and local storage, so what is set here reaches the measured load.
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const { origin, hostname } = new URL(url);
    if (visitor.cookie) {
      const [name = '', value = ''] = visitor.cookie.split('=');
      await browser.setCookie({
        name,
        value,
        domain: hostname,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
    }
    if (visitor.hasAnsweredConsent) {
      // A static file of the origin, so the app's own code does not run before the measure.
      await page.goto(`${origin}/robots.txt`);
      const record = JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: false } });
      await page.evaluate(
        `localStorage.setItem('analytics-acceptance', ${JSON.stringify(record)})`,
      );
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: categories },
      preset === 'desktop' ? desktopConfig : undefined,
      page,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [
        id,
        Math.round((category.score ?? 0) * 100),
      ]),
    );
    const metrics = Object.fromEntries(
      Object.entries(metricIds).map(([name, id]) => {
        const value = lhr.audits[id]?.numericValue;
        if (value === undefined) throw new Error(`no ${id} in the report`);
        return [name, value];
      }),
    ) as Record<Metric, number>;
    const audited = new Set(
      Object.values(lhr.categories).flatMap((category) => category.auditRefs.map((ref) => ref.id)),
    );
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audited.has(audit.id) &&
          audit.score !== null &&
          audit.score < 0.9 &&
          (audit.scoreDisplayMode === 'binary' ||
            audit.scoreDisplayMode === 'numeric' ||
            audit.scoreDisplayMode === 'metricSavings'),
      )
      .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)})`);
    const requests =
      (
        lhr.audits['network-requests']?.details as
          | { items?: Array<{ url?: string; resourceType?: string; transferSize?: number }> }
          | undefined
      )?.items ?? [];
    const bytes = (filter: (type: string | undefined) => boolean) =>
      requests
        .filter((item) => filter(item.resourceType))
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const scriptUrls = requests
      .filter((item) => item.resourceType === 'Script' && item.url?.startsWith('http://'))
      .map((item) => item.url as string);
    const gzipSizes = await Promise.all(scriptUrls.map(gzipBodyBytes));
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    return {
      scores,
      metrics,
      failedAudits,
      scriptBytes: bytes((type) => type === 'Script'),
      totalBytes: bytes(() => true),
      scriptGzipBytes: gzipSizes.reduce((sum, size) => sum + size, 0),
      mainThread: trace
        ? mainThreadAfterFirstPaint(
            trace.traceEvents,
            lhr.configSettings.throttling.cpuSlowdownMultiplier,
          )
        : undefined,
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

/**
 * Lighthouse on `url` with `preset`, `runs` times (each in a fresh browser), and the medians.
 * A run that fails to record its trace (NO_NAVSTART, seen now and then with this Chromium) is
 * run again, up to three times.
 */
export async function measurePage(
  url: string,
  preset: Preset,
  runs: number,
  categories: string[],
  visitor: Visitor = {},
): Promise<PageResult> {
  const results: PageRun[] = [];
  for (let run = 0; run < runs; run++) {
    for (let attempt = 1; ; attempt++) {
      try {
        results.push(await runOnce(url, preset, categories, visitor));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        process.stderr.write(`  Lighthouse run failed (${(error as Error).message}); again\n`);
      }
    }
  }
  const page = new URL(url).pathname;
  const scoreIds = Object.keys(results[0]!.scores);
  return {
    page,
    preset,
    runs: results,
    median: {
      scores: Object.fromEntries(
        scoreIds.map((id) => [id, median(results.map((r) => r.scores[id]!))]),
      ),
      metrics: Object.fromEntries(
        (Object.keys(metricIds) as Metric[]).map((metric) => [
          metric,
          median(results.map((r) => r.metrics[metric])),
        ]),
      ) as Record<Metric, number>,
    },
    failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
    scriptBytes: median(results.map((r) => r.scriptBytes)),
    totalBytes: median(results.map((r) => r.totalBytes)),
    scriptGzipBytes: median(results.map((r) => r.scriptGzipBytes)),
  };
}
