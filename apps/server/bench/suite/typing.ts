import puppeteer, { type Page } from 'puppeteer-core';
import { LONG_TASK_MS, topLevelTasks, type TraceEvent } from './main-thread';
import { chromiumFlags, chromiumPath } from './page-load';

/** What a person types, one key every 120 ms, each search left to show its results. */
const typedSearches = ['bearing', 'roulement', 'pump seal', 'BRG-0001'];
const KEY_DELAY_MS = 120;

export interface TypingResult {
  viewport: string;
  pageSize: number;
  /** Top-level tasks of the page's main thread while typing and rendering the results. */
  tasks: number;
  longTasks: number;
  longestMs: number;
}

/**
 * The top-level tasks of the renderer main threads in a Chromium trace, in milliseconds. A task
 * run inside another (a nested run loop) is part of the outer one, not a task of its own.
 */
export function mainThreadTaskDurations(events: TraceEvent[]): number[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  return topLevelTasks(events, (event) => mainThreads.has(`${event.pid}:${event.tid}`)).map(
    (task) => (task.dur ?? 0) / 1000,
  );
}

async function typeSearch(page: Page, text: string) {
  const field = await page.waitForSelector('form[role="search"] input');
  if (!field) throw new Error('no search field');
  // Cleared from the keyboard: select all, delete.
  await field.focus();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  // Done when the debounced search reached the URL and its page of parts is on the screen.
  // Strings, evaluated in the page (this package's TypeScript has no DOM types).
  const isShown = `new URLSearchParams(location.search).get('search') === ${JSON.stringify(text)}
    && document.querySelector('[data-updating], [aria-busy="true"]') === null`;
  try {
    await page.waitForFunction(isShown, { timeout: 30_000 });
  } catch (error) {
    const state: unknown = await page.evaluate(`({
      url: location.href,
      field: document.querySelector('form[role="search"] input')?.value,
      busy: [...document.querySelectorAll('[aria-busy="true"], [data-updating]')]
        .map((element) => element.outerHTML.slice(0, 120)),
    })`);
    throw new Error(`"${text}" never showed its results: ${JSON.stringify(state)}`, {
      cause: error,
    });
  }
}

/**
 * Chromium traces of a signed-in user typing four searches in /spareparts, at 375 px (the card
 * list) and 1280 px (the table), with 25 and 100 parts per page: the tasks of the page's main
 * thread and those over 50 ms. `cookie` is a session of `baseUrl`.
 */
export async function measureTyping(baseUrl: string, cookie: string): Promise<TypingResult[]> {
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
  });
  const results: TypingResult[] = [];
  try {
    const [name = '', value = ''] = cookie.split('=');
    await browser.setCookie({
      name,
      value,
      domain: new URL(baseUrl).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    const viewports = [
      // A phone's CPU as Lighthouse's mobile preset takes it: four times slower than this one.
      {
        label: '375 × 812, CPU ÷ 4',
        width: 375,
        height: 812,
        isMobile: true,
        hasTouch: true,
        cpuSlowdown: 4,
      },
      { label: '1280 × 800', width: 1280, height: 800, isMobile: false, hasTouch: false },
    ];
    for (const { label, cpuSlowdown = 1, ...viewport } of viewports) {
      for (const pageSize of [25, 100]) {
        const page = await browser.newPage();
        await page.setViewport({ ...viewport, deviceScaleFactor: viewport.isMobile ? 2 : 1 });
        await page.goto(`${baseUrl}/robots.txt`);
        // The consent question answered, as a returning user has.
        const record = JSON.stringify({
          version: 1,
          analytics: { isGoogleAnalyticsEnabled: false },
        });
        await page.evaluate(
          `localStorage.setItem('analytics-acceptance', ${JSON.stringify(record)})`,
        );
        await page.goto(`${baseUrl}/spareparts?pageSize=${pageSize}`, {
          waitUntil: 'networkidle0',
        });
        await page.emulateCPUThrottling(cpuSlowdown);
        await page.tracing.start({ categories: ['toplevel', 'devtools.timeline'] });
        for (const text of typedSearches) await typeSearch(page, text);
        const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop())) as {
          traceEvents: TraceEvent[];
        };
        const durations = mainThreadTaskDurations(trace.traceEvents);
        results.push({
          viewport: label,
          pageSize,
          tasks: durations.length,
          longTasks: durations.filter((ms) => ms > LONG_TASK_MS).length,
          longestMs: Math.max(0, ...durations),
        });
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
