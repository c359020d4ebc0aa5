import {
  expect,
  request as newRequest,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { answerConsent, expectNoHorizontalScroll, signInViaApi } from './support/shell-session';

/**
 * Every page and its key states as screenshots, compared with the baselines in
 * e2e/visual-baselines (`npx playwright test --config e2e/visual.config.ts --update-snapshots`
 * writes them after a change of look that is meant). Each is taken in both languages, on a desktop
 * and on a phone, and each page must also fit 320 px without scrolling sideways.
 *
 * The same pixels on every run: the demo data is dated from the day the server starts, so every
 * date the API answers is moved to one fixed day, the browser's clock is set to it, and what
 * still moves from run to run (the minute of a time, the address of the user signed up for the
 * run) is masked.
 */

const FIXED_NOW = new Date('2026-03-10T11:00:00.000Z');
const DAY_MS = 86_400_000;
const viewports = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 375, height: 812 },
] as const;
const languages = ['en', 'fr'] as const;

/** How far the API's dates move: date-times by the exact gap, days by whole UTC days. */
const shiftMs = FIXED_NOW.getTime() - Date.now();
const shiftDays = Math.round(
  (Date.parse(FIXED_NOW.toISOString().slice(0, 10)) -
    Date.parse(new Date().toISOString().slice(0, 10))) /
    DAY_MS,
);

function shiftDates(json: string): string {
  return json
    .replace(/"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))"/g, (_, at) =>
      JSON.stringify(new Date(Date.parse(at) + shiftMs).toISOString()),
    )
    .replace(/"(\d{4}-\d{2}-\d{2})"/g, (_, day) =>
      JSON.stringify(new Date(Date.parse(day) + shiftDays * DAY_MS).toISOString().slice(0, 10)),
    );
}

/** A browser context on the fixed day, whose API answers are dated from it. */
async function fixedDayContext(browser: Browser, storageState?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState });
  await context.clock.setFixedTime(FIXED_NOW);
  await context.route('**/api/**', async (route) => {
    // A still picture has nothing live: the event stream, which never ends, is not opened.
    if (new URL(route.request().url()).pathname === '/api/live') {
      await route.abort();
      return;
    }
    const response = await route.fetch();
    const type = response.headers()['content-type'] ?? '';
    if (route.request().method() !== 'GET' || !type.includes('application/json')) {
      await route.fulfill({ response });
      return;
    }
    await route.fulfill({ response, body: shiftDates(await response.text()) });
  });
  return context;
}

/**
 * What differs between two runs whatever the data: the minute of a time, the run's user, and the
 * notification count (the demo account's alerts reach a new member some seconds after joining).
 */
function volatile(page: Page): Locator[] {
  return [
    page.getByText(/\b\d{1,2}:\d{2}\b/),
    page.getByText(/@example\.com/),
    page.getByRole('button', { name: /^Notifications/ }),
  ];
}

/** Waits for the page to be still: fonts loaded, no request pending, the app in place. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#prerendered')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

interface Shot {
  /** The baseline's name, without language and viewport. */
  name: string;
  /** Opens the page (and the state) to compare, and waits for what loads last. */
  open: (page: Page) => Promise<void>;
}

/**
 * For each language and viewport: opens the page, compares it with its baseline, then checks it
 * fits 320 px.
 */
async function compare(context: BrowserContext, baseURL: string, shot: Shot): Promise<void> {
  for (const language of languages) {
    await context.addCookies([{ name: 'locale', value: language, url: baseURL }]);
    for (const viewport of viewports) {
      const page = await context.newPage();
      await answerConsent(page);
      await page.setViewportSize(viewport);
      await shot.open(page);
      await settle(page);
      await expect(page).toHaveScreenshot(`${shot.name}-${language}-${viewport.name}.png`, {
        mask: volatile(page),
      });
      if (viewport.name === 'phone') {
        await page.setViewportSize({ width: 320, height: viewport.height });
        await expectNoHorizontalScroll(page);
      }
      await page.close();
    }
  }
}

/** A page that is ready when its main heading shows. */
function headed(name: string, path: string): Shot {
  return {
    name,
    open: async (page) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  };
}

/** The drum every drum baseline shows: a demo drum whose sensor reports. */
async function sensorDrumId(page: Page): Promise<string> {
  const { drums } = (await (await page.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; serial: string }[];
  };
  return drums.find((drum) => drum.serial === 'TR-02400')?.id ?? '';
}

const visitorPages: Shot[] = [
  headed('auth', '/auth'),
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/signin/visual-baseline');
      await expect(page.getByTestId('sign-in-submit')).toBeVisible();
    },
  },
  headed('compliancy', '/compliancy'),
  headed('not-found', '/nowhere'),
  // An invitation link cut in the mail: its dead end, not a spinner.
  headed('invitation-invalid', '/invitation/not-a-token'),
];

const customerPages: Shot[] = [
  headed('refill-overview', '/refill'),
  {
    name: 'drum-detail',
    open: async (page) => {
      await page.goto(`/refill?drum=${await sensorDrumId(page)}`);
      await expect(page.locator('figure canvas').first()).toBeVisible();
      await page.getByRole('heading', { level: 3 }).first().scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'request-stepper',
    open: async (page) => {
      await page.goto(`/refill?tab=request&refill=${await sensorDrumId(page)}`);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    },
  },
  headed('calculator', '/refill/calculator'),
  {
    name: 'spare-parts',
    open: async (page) => {
      await page.goto('/spareparts');
      await expect(page.getByRole('table').or(page.getByRole('list')).first()).toBeVisible();
    },
  },
  {
    name: 'team',
    open: async (page) => {
      await page.goto('/team');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page.getByRole('combobox', { name: /^(Role of|Rôle de)/ }).first(),
      ).toBeVisible();
    },
  },
  {
    name: 'cart',
    open: async (page) => {
      await page.goto('/spareparts');
      await page.getByRole('button', { name: /^(Open the cart|Ouvrir le panier) \(/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
];

const staffPages: Shot[] = [
  headed('backoffice-inbox', '/backoffice'),
  headed('backoffice-accounts', '/backoffice/accounts'),
  {
    name: 'backoffice-account',
    open: async (page) => {
      await page.goto('/backoffice/accounts');
      await page.getByRole('link', { name: 'Demo Industries' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Demo Industries' })).toBeVisible();
    },
  },
];

/** Signs in once and keeps the session: the demo agent may sign in once a minute. */
async function sessionOf(baseURL: string, email?: string): Promise<string> {
  const request = await newRequest.newContext({ baseURL });
  await signInViaApi(request, baseURL, { email, withName: !email });
  if (!email) {
    // One part in the cart, so the cart shows a line and its total.
    const catalogue = (await (await request.get('/api/spareparts?lang=en')).json()) as {
      items: { id: string }[];
    };
    const put = await request.put(`/api/spareparts/cart/lines/${catalogue.items[0]?.id}`, {
      data: { quantity: 2 },
      headers: { origin: new URL(baseURL).origin },
    });
    expect(put.status()).toBe(200);
  }
  const state = test.info().outputPath(`${email ?? 'customer'}.json`);
  await request.storageState({ path: state });
  await request.dispose();
  return state;
}

test.describe('screenshots', () => {
  test('visitor pages', async ({ browser, baseURL }) => {
    const context = await fixedDayContext(browser);
    for (const shot of visitorPages) await compare(context, String(baseURL), shot);
    await context.close();
  });

  test('customer pages', async ({ browser, baseURL }) => {
    test.setTimeout(300_000);
    const context = await fixedDayContext(browser, await sessionOf(String(baseURL)));
    for (const shot of customerPages) await compare(context, String(baseURL), shot);
    await context.close();
  });

  test('back-office pages', async ({ browser, baseURL }) => {
    const state = await sessionOf(String(baseURL), 'agent@provider.example');
    const context = await fixedDayContext(browser, state);
    for (const shot of staffPages) await compare(context, String(baseURL), shot);
    await context.close();
  });
});
