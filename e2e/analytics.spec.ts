import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

// A second server with a measurement id: the shared e2e server runs without one (nothing at all
// is sent to Google there, which consent.spec.ts checks).
const MEASUREMENT_ID = 'G-E2ETEST1';
const root = fileURLToPath(new URL('..', import.meta.url));

let server: ChildProcess | undefined;
let origin = '';

// Playwright needs the destructuring pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, workerInfo) => {
  const port = 3300 + workerInfo.workerIndex + (Number(process.env.E2E_PORT ?? 3100) % 100);
  origin = `http://127.0.0.1:${port}`;
  server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATABASE_URL: 'memory://',
      APP_ENV: 'dev',
      LOG_LEVEL: 'warn',
      GA_MEASUREMENT_ID: MEASUREMENT_ID,
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 30_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

/** gtag.js is answered locally: the test checks when it is asked for, not Google itself. */
async function stubGoogle(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(/google/, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requested;
}

function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? [];
    // gtag pushes `arguments` objects: copy them into plain arrays.
    return layer.map((entry) => JSON.parse(JSON.stringify(Array.from(entry))) as unknown[]);
  });
}

test.describe('analytics with a measurement id (DESIGN §6)', () => {
  test('denied by default; gtag loads only after acceptance; page views redact the sign-in hash', async ({
    page,
  }) => {
    const google = await stubGoogle(page);
    await page.goto(`${origin}/auth`);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const before = await dataLayer(page);
    expect(before[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);
    expect(before.some((entry) => entry[1] === 'update')).toBe(false);
    await page.waitForTimeout(700);
    expect(google).toEqual([]);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => google.length).toBe(1);
    expect(google[0]).toContain(`gtag/js?id=${MEASUREMENT_ID}`);
    const after = await dataLayer(page);
    expect(after).toContainEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(after).toContainEqual([
      'config',
      MEASUREMENT_ID,
      expect.objectContaining({ anonymize_ip: true, allow_google_signals: false }),
    ]);

    await page.goto(`${origin}/signin/${'a'.repeat(43)}`);
    await expect
      .poll(async () =>
        (await dataLayer(page)).filter((entry) => entry[0] === 'event' && entry[1] === 'page_view'),
      )
      .toContainEqual([
        'event',
        'page_view',
        expect.objectContaining({ page_location: `${origin}/signin` }),
      ]);
    expect(JSON.stringify(await dataLayer(page))).not.toContain('a'.repeat(43));
  });

  test('refused: nothing loaded, ga-disable set, _ga cookies deleted', async ({
    page,
    context,
  }) => {
    const google = await stubGoogle(page);
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.1', url: origin },
      { name: `_ga_${MEASUREMENT_ID.slice(2)}`, value: 'GS1.1', url: origin },
    ]);
    await page.goto(`${origin}/auth`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('switch').focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('switch')).not.toBeChecked();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.waitForTimeout(700);
    expect(google).toEqual([]);
    expect(
      await page.evaluate(
        (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
        MEASUREMENT_ID,
      ),
    ).toBe(true);
    const names = (await context.cookies(origin)).map((cookie) => cookie.name);
    expect(names.filter((name) => name.startsWith('_ga'))).toEqual([]);
    expect((await dataLayer(page)).some((entry) => entry[0] === 'event')).toBe(false);
  });
});
