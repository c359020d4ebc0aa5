import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { workspacePath } from '../../src/config/paths';

// eslint-disable-next-line no-restricted-properties -- a benchmark picks its browser here
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of every browser test here (DESIGN §3), in the new headless mode. */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
}

export function chromiumVersion(): string {
  try {
    return execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).trim();
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

async function runOnce(
  url: string,
  preset: Preset,
  categories: string[],
  cookie: string | undefined,
): Promise<PageRun> {
  // A new browser and profile per run: every run is a first visit.
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      preset === 'desktop' ? desktopConfig : undefined,
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
          { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
      )?.items ?? [];
    const bytes = (filter: (type: string | undefined) => boolean) =>
      requests
        .filter((item) => filter(item.resourceType))
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      scores,
      metrics,
      failedAudits,
      scriptBytes: bytes((type) => type === 'Script'),
      totalBytes: bytes(() => true),
    };
  } finally {
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
  cookie?: string,
): Promise<PageResult> {
  const results: PageRun[] = [];
  for (let run = 0; run < runs; run++) {
    for (let attempt = 1; ; attempt++) {
      try {
        results.push(await runOnce(url, preset, categories, cookie));
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
  };
}
