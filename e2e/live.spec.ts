import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { appServerEnv, root } from './support/browser-and-server';
import { workingDaysAhead } from './support/dates';
import { adminSql } from './support/postgres';
import { signUpForLink, uniqueEmail } from './support/session';
import { answerConsent } from './support/shell-session';

/**
 * Live screens across two instances of the server on one PostgreSQL database: what happens on one
 * instance reaches the tabs connected to the other without a reload. Two agents and a customer,
 * each in a browser of their own: a new request appears in the inbox, a claim by the other agent
 * updates the open item, a colleague typing shows, a reply written before a newer message is
 * held and sent once read, the customer's bell and request status follow, and so do a drum's
 * figures and alert after a new reading, all without a reload. The second agent's tab cannot open the stream at all, so its item page works on its
 * focus and minute refreshes and the reply check alone.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
// Next to the common servers, the SMTP capture and the other specs' own servers.
const ports = [8, 9].map((offset) => Number(process.env.E2E_PORT ?? 3100) + offset);
const origins = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
const databaseName = `portal_e2e_live_${process.pid}`;
const servers: ChildProcess[] = [];

async function startInstance(port: number, databaseUrl: string) {
  const server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...appServerEnv(port, { DATABASE_URL: databaseUrl }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(server);
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 100_000 },
    )
    .toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await adminSql(adminUrl, `drop database if exists ${databaseName}`);
  await adminSql(adminUrl, `create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of ports) await startInstance(port, String(url));
});

test.afterAll(async () => {
  for (const server of servers) server.kill();
  await adminSql(adminUrl, `drop database if exists ${databaseName} with (force)`);
});

/** A person signed in on one instance, in a browser of their own, in English. */
async function personOn(
  browser: Browser,
  origin: string,
  role: 'admin' | 'agent',
  firstName: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
  await context.addCookies([{ name: 'locale', value: 'en', url: origin }]);
  const page = await context.newPage();
  await answerConsent(page);
  const email = uniqueEmail(`live-${role}`);
  const headers = { origin };
  const link = await signUpForLink(context.request, email, { origin });
  if (role === 'agent') {
    const changed = await context.request.put('/api/dev/users/role', {
      data: { email, role, siteIds: null },
      headers,
    });
    expect(changed.status()).toBe(204);
  }
  const signIn = await context.request.post('/api/users/signin', {
    data: { hash: link.split('/signin/')[1] },
    headers,
  });
  expect(signIn.status()).toBe(200);
  const named = await context.request.patch('/api/users/me', {
    data: { firstName, lastName: 'Live' },
    headers,
  });
  expect(named.status()).toBe(200);
  return { context, page };
}

test('two agents and a customer on two instances see each change live @desktop-only', async ({
  browser,
}) => {
  // Three people in browsers of their own on two servers, through a request's life and a drum's
  // reading: more steps than the file's budget per test.
  test.setTimeout(120_000);
  const [a, b] = origins;
  const alice = await personOn(browser, a, 'agent', 'Alice');
  const bruno = await personOn(browser, b, 'agent', 'Bruno');
  const customer = await personOn(browser, b, 'admin', 'Carla');

  // Bruno's tab never gets a stream: it must work on refreshes and the reply check alone.
  await bruno.page.route('**/api/live', (route) => route.abort());

  await alice.page.goto('/backoffice');
  await expect(alice.page.getByRole('heading', { level: 1 })).toBeVisible();
  await customer.page.goto('/refill?tab=requests');
  const bell = customer.page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(customer.page.getByRole('table').first()).toBeVisible();

  // The customer asks for a refill on instance B: it appears in Alice's inbox on A.
  const drums = (await (await customer.context.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; site: { id: string } }[];
  };
  const drum = drums.drums[0]!;
  const created = await customer.context.request.post('/api/refill/requests', {
    headers: { origin: b, 'idempotency-key': `live-${Date.now()}-abcdefgh` },
    data: {
      items: [{ drumId: drum.id, quantity: 1 }],
      siteId: drum.site.id,
      deliveryDate: workingDaysAhead(5),
      windowStart: '08:00',
      windowEnd: '12:00',
      contactPhone: '+33612345678',
    },
  });
  expect(created.status()).toBe(201);
  const request = (await created.json()) as { id: string; number: string };
  const row = alice.page.getByRole('link', { name: request.number });
  await expect(row).toBeVisible();
  await expect(alice.page.getByTestId('live-announcement')).toHaveText(
    /Updated: an item changed\.|You have a new notification\./,
  );
  // …and in the customer's own list, as submitted.
  const customerRow = customer.page.getByRole('row').filter({ hasText: request.number });
  await expect(customerRow.getByRole('cell', { name: 'Submitted', exact: true })).toBeVisible();

  // Alice opens it; Bruno (B) claims it: Alice's page says so without reload.
  await row.click();
  await expect(alice.page.getByTestId('assignee')).toHaveText('Nobody yet');
  await bruno.page.goto(`/backoffice/items/${request.id}`);
  await bruno.page.getByRole('button', { name: 'Take it on' }).click();
  await expect(alice.page.getByTestId('assignee')).toHaveText(/Bruno Live/);

  // Bruno starts a reply: Alice sees him there, typing, across the two instances.
  const brunoComposer = bruno.page.getByRole('textbox', { name: 'Your answer' });
  await brunoComposer.fill('We can deliver on Monday morning.');
  await expect(alice.page.getByTestId('item-presence')).toHaveText(/Bruno Live is typing/);

  // Alice answers first.
  await alice.page.getByRole('textbox', { name: 'Your answer' }).fill('Confirmed for Monday.');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  await expect(alice.page.getByRole('log')).toContainText('Confirmed for Monday.');

  // Bruno's reply was written before Alice's arrived: it is held, hers shown, and sent on demand.
  await brunoComposer.press('Enter');
  const held = bruno.page.getByRole('alert').filter({ hasText: 'A new message arrived' });
  await expect(held).toBeVisible();
  await expect(bruno.page.getByRole('log')).toContainText('Confirmed for Monday.');
  await expect(brunoComposer).toHaveValue('We can deliver on Monday morning.');
  await held.getByRole('button', { name: 'Send my reply anyway' }).click();
  await expect(held).toBeHidden();
  await expect(brunoComposer).toHaveValue('');
  await expect(alice.page.getByRole('log')).toContainText('We can deliver on Monday morning.');

  // Alice confirms the request on A: its status and the bell change on the customer's page on B.
  await expect(bell).toHaveAttribute('aria-label', /unread/);
  const bellBefore = await bell.getAttribute('aria-label');
  await alice.page.getByRole('button', { name: 'Confirm' }).click();
  await expect(bell).not.toHaveAttribute('aria-label', bellBefore ?? '');
  await expect(customerRow.getByRole('cell', { name: 'Confirmed', exact: true })).toBeVisible();

  // A drum's new reading, recorded through the readings API on A, takes its card on B below the
  // critical threshold: figures, alert and the count of active alerts change without reload.
  await customer.page.goto('/refill');
  const before = (await (await customer.context.request.get('/api/refill/drums')).json()) as {
    drums: { id: string; serial: string; activeAlert: string | null }[];
  };
  const calm = before.drums.find((one) => one.activeAlert === null)!;
  const alertsBefore = before.drums.filter((one) => one.activeAlert !== null).length;
  const card = customer.page
    .getByRole('listitem')
    .filter({ has: customer.page.getByRole('button', { name: `Details of drum ${calm.serial}` }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Alert: critical')).toBeHidden();
  // Counted twice: on the alerts tab and in the drums' summary.
  const alertCount = (count: number) =>
    customer.page.getByRole('status', { name: `Active alerts: ${count}` });
  await expect(alertCount(alertsBefore)).toHaveCount(2);
  const reading = await customer.context.request.post(`${a}/api/refill/drums/${calm.id}/readings`, {
    headers: { origin: a },
    data: { remainingM: 0, readAt: new Date().toISOString() },
  });
  expect(reading.status()).toBe(201);
  await expect(card.getByText('Alert: critical')).toBeVisible();
  await expect(card.getByRole('progressbar')).toHaveAccessibleName(/Remaining/);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuetext', /^0\sm of /);
  await expect(alertCount(alertsBefore + 1)).toHaveCount(2);

  for (const person of [alice, bruno, customer]) await person.context.close();
});
