import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { answerConsentBeforeLoad } from './support/consent';

// A second server with a measurement id: the shared e2e server runs without one (nothing at all
// is sent to Google there, which consent.spec.ts checks).
const MEASUREMENT_ID = 'G-E2ETEST1';
const root = fileURLToPath(new URL('..', import.meta.url));

let server: ChildProcess | undefined;
let origin = '';

// Playwright needs the destructuring pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, workerInfo) => {
  // The config's servers use E2E_PORT to E2E_PORT + 3; this one takes the next port per worker
  // slot (parallelIndex stays below the worker count; workerIndex grows with each restart).
  const port = Number(process.env.E2E_PORT ?? 3100) + 4 + workerInfo.parallelIndex;
  // A cold start of the built server takes 20 s on a loaded 2-core machine.
  test.setTimeout(90_000);
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
      { timeout: 80_000 },
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

test.describe('analytics with a measurement id', () => {
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

/**
 * Stands in for gtag.js as Google's collection sees it: each event is sent as a hit whose page
 * fields are, from weakest to strongest, what the browser knows (`location.href`,
 * `document.referrer`), then `set`, then `config`, then the event's own parameters. The hits go
 * to google-analytics.com, where the test intercepts them.
 */
const collectingGtag = `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const globals = {};
  const configured = {};
  const hit = (name, params) => {
    const fields = Object.assign(
      { page_location: location.href, page_referrer: document.referrer },
      globals, configured, params,
    );
    const query = new URLSearchParams({ en: name, dl: fields.page_location, dr: fields.page_referrer });
    if (fields.page_path !== undefined) query.set('dp', fields.page_path);
    fetch('https://www.google-analytics.com/g/collect?' + query, { method: 'POST', mode: 'no-cors', keepalive: true });
  };
  const run = (entry) => {
    const [command, first, second] = Array.from(entry);
    if (command === 'set' && typeof first === 'object') Object.assign(globals, first);
    if (command === 'config') Object.assign(configured, second || {});
    if (command === 'event') hit(first, second || {});
  };
  layer.forEach(run);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => { entries.forEach(run); return push(...entries); };
})();`;

interface Hit {
  en: string;
  dl: string;
  dr: string;
  dp: string | null;
}

/** Serves the collecting gtag.js and records every hit it sends to Google. */
async function collectGoogleHits(page: Page): Promise<Hit[]> {
  const hits: Hit[] = [];
  await page.route(/google/, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith('/collect')) {
      const q = url.searchParams;
      hits.push({ en: q.get('en')!, dl: q.get('dl')!, dr: q.get('dr')!, dp: q.get('dp') });
      await route.fulfill({ status: 204 });
      return;
    }
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: collectingGtag });
  });
  return hits;
}

test.describe('analytics never carries a sign-in token', () => {
  test.use({ locale: 'en-GB' });

  test('page views and button clicks on /signin/* send page_location, page_referrer and page_path redacted', async ({
    page,
  }) => {
    const email = `ga-redaction-${Date.now()}@example.com`;
    const signUp = await fetch(`${origin}/api/users/signup`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(signUp.status).toBe(202);
    const mailbox = await fetch(`${origin}/api/dev/mailbox?to=${encodeURIComponent(email)}`, {
      headers: { accept: 'application/json' },
    });
    const [mail] = (await mailbox.json()) as Array<{ link: string }>;
    const path = new URL(mail!.link).pathname;
    const token = path.split('/').pop()!;
    // An earlier link of the same mail as the referrer (what a browser that kept it would send).
    const earlierToken = 'b'.repeat(43);

    const hits = await collectGoogleHits(page);
    await answerConsentBeforeLoad(page, true);
    // The router matches paths regardless of case: the upper-case spelling is a sign-in page too.
    await page.goto(`${origin}${path.replace('/signin/', '/SignIn/')}`, {
      referer: `${origin}/signin/${earlierToken}`,
    });
    await expect.poll(() => hits.some((hit) => hit.en === 'page_view')).toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/refill$/);
    await expect
      .poll(() => hits.some((hit) => hit.en === 'page_view' && hit.dl.endsWith('/refill')))
      .toBe(true);

    expect(hits.map((hit) => hit.en)).toEqual(
      expect.arrayContaining(['page_view', 'button_click']),
    );
    for (const hit of hits) {
      const sent = JSON.stringify(hit);
      expect(sent).not.toContain(token);
      expect(sent).not.toContain(earlierToken);
    }
    const onSignIn = hits.filter((hit) => !hit.dl.endsWith('/refill'));
    expect(onSignIn.map((hit) => hit.en)).toEqual(
      expect.arrayContaining(['page_view', 'button_click']),
    );
    for (const hit of onSignIn) {
      expect(hit).toMatchObject({ dl: `${origin}/signin`, dr: `${origin}/signin`, dp: '/signin' });
    }
    expect(hits.find((hit) => hit.dl.endsWith('/refill'))).toMatchObject({
      dr: `${origin}/signin`,
      dp: '/refill',
    });
  });
});
