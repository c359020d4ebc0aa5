import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { answerConsentBeforeLoad } from './support/consent';
import { freePort, startNginx, type Balancer } from './support/nginx';
import { adminSql } from './support/postgres';
import { workingDaysAhead } from './support/dates';
import { uniqueEmail } from './support/session';

/**
 * Three instances of the built server on one PostgreSQL database, behind Debian's nginx; the
 * browser talks to nginx only. A person signs in through the first instance, sends a refill
 * request with its file through the second and downloads the file through the third; what one
 * instance changes, the others show at once; each mail is sent once although three mail workers
 * share the outbox.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

let databaseName = '';
let instances: ChildProcess[] = [];
let ports: number[] = [];
let dataDirs: string[] = [];
let startInstance: (index: number) => ChildProcess;
let balancer: Balancer | undefined;
let smtp: SMTPServer | undefined;
const mails: Array<{ to: string[]; text: string }> = [];

/** The newest mail to `to` with a sign-in link: the link's path. */
async function signInPathMailedTo(to: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mails.findLast((candidate) => candidate.to.includes(to));
        path = mail?.text.match(/\/signin\/[A-Za-z0-9_-]{43}/)?.[0];
        return path;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return path ?? '';
}

/**
 * Starts instance `index` and waits until it answers its health check. A start whose connection
 * to PostgreSQL timed out (5 s) or was reset (a machine this test shares with others can be that
 * busy) is tried again, twice at most; any other exit fails the test.
 */
async function startHealthy(index: number): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt++) {
    const instance = startInstance(index);
    let said = '';
    instance.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      process.stderr.write(chunk);
    });
    await expect
      .poll(
        () =>
          instance.exitCode !== null
            ? -1
            : fetch(`http://127.0.0.1:${ports[index]}/api/health`).then(
                (health) => health.status,
                () => 0,
              ),
        { timeout: 120_000, intervals: [100] },
      )
      .not.toBe(0);
    if (instance.exitCode === null) {
      expect((await fetch(`http://127.0.0.1:${ports[index]}/api/health`)).status).toBe(200);
      return instance;
    }
    if (attempt === 3 || !/Cannot reach PostgreSQL|ECONNRESET|Connection terminated/.test(said))
      throw new Error(`instance ${index} exited at start:\n${said}`);
  }
}

/** How nginx names instance `index` in `X-Portal-Upstream`. */
const upstream = (index: number) => `127.0.0.1:${ports[index]}`;

/**
 * The sign-in mails `address` received. A new person of the demo account may also get its drums'
 * alerts, so the other mails are not counted.
 */
const signInMailsTo = (address: string) =>
  mails.filter(
    (mail) => mail.to.includes(address) && /\/signin\/[A-Za-z0-9_-]{43}/.test(mail.text),
  );

/** Every request of the page, navigation and API alike, goes to instance `index` only. */
async function through(page: Page, index: number): Promise<void> {
  await page.setExtraHTTPHeaders({ 'x-portal-instance': String(index) });
}

/** A weekday at least a week ahead, typed as en-US's `P` format (MM/dd/yyyy). */
function typedDeliveryDay(): string {
  const date = new Date();
  date.setDate(date.getDate() + 7);
  while (date.getDay() === 0 || date.getDay() === 6) date.setDate(date.getDate() + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

test.describe('three instances behind nginx @desktop-only', () => {
  // One set of instances for both tests, in order.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    if (!adminUrl) throw new Error('TEST_DATABASE_URL must name a PostgreSQL server');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const text = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp!.listen(smtpPort, '127.0.0.1', resolve));

    databaseName = `portal_e2e_scale_${process.pid}`;
    await adminSql(adminUrl, `drop database if exists ${databaseName} with (force)`);
    await adminSql(adminUrl, `create database ${databaseName}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;

    ports = [await freePort(), await freePort(), await freePort()];
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    dataDirs = ports.map(() => mkdtempSync(join(tmpdir(), 'portal-instance-')));
    startInstance = (index) =>
      spawn('node', ['apps/server/dist/server.js'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          APP_ENV: 'rec',
          DATABASE_URL: String(databaseUrl),
          HOST: '127.0.0.1',
          PORT: String(ports[index]),
          PUBLIC_URL: publicUrl,
          // Each instance its own disk, as on separate machines: what they share is the database.
          DATA_DIR: dataDirs[index]!,
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          LOG_LEVEL: 'warn',
          // The load below comes from one address, writes one conversation and files one request.
          RATE_LIMIT_SIGNUP_PER_IP_MINUTE: '100000',
          RATE_LIMIT_MESSAGES_PER_CONVERSATION_MINUTE: '100000',
          ATTACHMENTS_PER_REQUEST: '1000',
          SHUTDOWN_DRAIN_SECONDS: '2',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    // All three start at the same moment on the empty database: one migrates and seeds, the
    // others wait on its lock.
    instances = await Promise.all(ports.map((_, index) => startHealthy(index)));
    balancer = await startNginx(ports, balancerPort);
  });

  test.afterAll(async () => {
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise((resolve) => {
            if (instance.exitCode !== null) return resolve(undefined);
            instance.once('exit', resolve);
            instance.kill('SIGTERM');
          }),
      ),
    );
    await balancer?.stop();
    smtp?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (databaseName)
      await adminSql(adminUrl, `drop database if exists ${databaseName} with (force)`);
  });

  test('sign in on one, upload on another, download on the third; each mail once', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: balancer!.url, locale: 'en-US' });
    const page = await context.newPage();
    await answerConsentBeforeLoad(page);
    const origin = { origin: balancer!.url };

    // Signed up and signed in through instance 0.
    await through(page, 0);
    const email = uniqueEmail('scale');
    await page.goto('/auth');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    const signedIn = page.waitForResponse((answer) => answer.url().endsWith('/api/users/signin'));
    await page.goto(await signInPathMailedTo(email));
    await page.getByTestId('sign-in-submit').click();
    expect((await signedIn).headers()['x-portal-upstream']).toBe(upstream(0));
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
    const named = await page.request.patch('/api/users/me', {
      data: { firstName: 'Ada', lastName: 'Lovelace' },
      headers: { ...origin, 'x-portal-instance': '0' },
    });
    expect(named.status()).toBe(200);

    // The refill request and its file through instance 1.
    await through(page, 1);
    await page.goto('/refill');
    await page
      .getByRole('checkbox', { name: /^Select drum / })
      .first()
      .check();
    await page.getByRole('button', { name: 'Request a refill (selected drums: 1)' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Delivery date' }).fill(typedDeliveryDay());
    await page.getByRole('textbox', { name: 'Delivery date' }).press('Enter');
    await page.getByRole('textbox', { name: 'Contact phone' }).fill('612345678');
    // Several pieces of 256 KiB, so the file is stored and read in parts.
    const file = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from(Array.from({ length: 700_000 }, (_, i) => (i * 31) % 251)),
    ]);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'order.pdf', mimeType: 'application/pdf', buffer: file });
    await expect(page.getByText('order.pdf')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    const uploaded = page.waitForResponse((answer) => /\/attachments$/.test(answer.url()));
    await page.getByRole('button', { name: 'Send the request' }).click();
    const upload = await uploaded;
    expect(upload.status()).toBe(201);
    expect(upload.headers()['x-portal-upstream']).toBe(upstream(1));
    const sent = page.getByText(/^Refill request RR-\d+ sent\.$/);
    await expect(sent).toBeVisible();
    const number = /RR-\d+/.exec((await sent.textContent()) ?? '')?.[0] ?? '';

    // Listed and downloaded through instance 2, at once.
    await through(page, 2);
    await page.goto('/refill');
    await page.getByRole('tab', { name: 'Requests' }).click();
    const history = page.getByRole('table', { name: 'Refill requests' });
    await history
      .getByRole('button', { name: `Open the conversation of request ${number}` })
      .click();
    const dialog = page.getByRole('region', { name: `Request ${number}` });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'order.pdf' }).click();
    const download = await downloading;
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
    // The same address through instance 2 for certain (a download's navigation may not carry the
    // page's extra header, and then goes where round robin sends it).
    const again = await page.request.get(download.url(), {
      headers: { 'x-portal-instance': '2' },
    });
    expect(again.headers()['x-portal-upstream']).toBe(upstream(2));
    expect(again.status()).toBe(200);
    expect(Buffer.from(await again.body()).equals(file)).toBe(true);

    // A change through one instance is read at once through the others: the name given through
    // instance 0 and a message written through instance 2, read through 1 and 0.
    const message = `Gate B, from instance 2 ${Date.now()}`;
    const requests = (await (
      await page.request.get('/api/refill/requests', { headers: { 'x-portal-instance': '2' } })
    ).json()) as { requests: Array<{ id: string; number: string }> };
    const request = requests.requests.find((candidate) => candidate.number === number);
    expect(request).toBeTruthy();
    const wrote = await page.request.post(`/api/refill/requests/${request!.id}/messages`, {
      data: { body: message },
      headers: { ...origin, 'x-portal-instance': '2' },
    });
    expect(wrote.status()).toBe(201);
    for (const index of [1, 0]) {
      const me = await page.request.get('/api/users/me', {
        headers: { 'x-portal-instance': String(index) },
      });
      expect(await me.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
      const conversation = await page.request.get(`/api/refill/requests/${request!.id}/messages`, {
        headers: { 'x-portal-instance': String(index) },
      });
      expect(await conversation.text()).toContain(message);
    }

    // Twelve sign-ups spread by round robin over the three instances: three mail workers share
    // the outbox, and each address gets its mail once.
    const addresses = Array.from({ length: 12 }, () => uniqueEmail('once'));
    for (const address of addresses) {
      const signUp = await page.request.post('/api/users/signup', {
        data: { email: address },
        headers: origin,
      });
      expect(signUp.status()).toBe(202);
    }
    await expect
      .poll(() => addresses.filter((address) => signInMailsTo(address).length > 0))
      .toHaveLength(addresses.length);
    // Another round of each worker's polling: still one each.
    await page.waitForTimeout(2_000);
    for (const address of addresses) expect(signInMailsTo(address), address).toHaveLength(1);
    await context.close();
  });

  test('rolling restart under load: each instance stopped and started in turn, nothing fails, lost or sent twice', async ({
    request,
  }) => {
    test.setTimeout(150_000);
    const base = balancer!.url;
    const origin = { origin: base };
    // A customer of the demo account, signed in through the balancer.
    const email = uniqueEmail('rolling');
    expect(
      (
        await request.post(`${base}/api/users/signup`, { data: { email }, headers: origin })
      ).status(),
    ).toBe(202);
    const signIn = await request.post(`${base}/api/users/signin`, {
      data: { hash: (await signInPathMailedTo(email)).split('/signin/')[1] },
      headers: origin,
    });
    expect(signIn.status()).toBe(200);
    const cookie = (signIn.headers()['set-cookie'] ?? '').split(';')[0]!;
    const drums = (await (
      await request.get(`${base}/api/refill/drums`, { headers: { cookie } })
    ).json()) as { drums: Array<{ id: string; site: { id: string } }> };
    const created = await request.post(`${base}/api/refill/requests`, {
      headers: { ...origin, cookie, 'idempotency-key': `rolling-${Date.now()}` },
      data: {
        items: [{ drumId: drums.drums[0]!.id, quantity: 1 }],
        siteId: drums.drums[0]!.site.id,
        deliveryDate: workingDaysAhead(5),
        windowStart: '08:00',
        windowEnd: '12:00',
        contactPhone: '+33612345678',
      },
    });
    expect(created.status()).toBe(201);
    const requestId = ((await created.json()) as { id: string }).id;

    // Steady load: readers of the drum overview, a writer of messages, an uploader of files and
    // a sign-up every few hundred milliseconds, each on a keep-alive connection to nginx.
    const outcomes: Array<{ kind: string; status: number; ms: number }> = [];
    const uploads: Array<{ id: string; bytes: Buffer }> = [];
    const signUps: string[] = [];
    let running = true;
    const timed = async (kind: string, call: () => Promise<Response>) => {
      const started = performance.now();
      const answer = await call().catch(() => undefined);
      outcomes.push({ kind, status: answer?.status ?? 0, ms: performance.now() - started });
      return answer;
    };
    const loop = async (work: (i: number) => Promise<unknown>, pauseMs: number) => {
      for (let i = 0; running; i++) {
        await work(i);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    };
    const readers = Array.from({ length: 3 }, () =>
      loop(
        () => timed('read', () => fetch(`${base}/api/refill/drums`, { headers: { cookie } })),
        20,
      ),
    );
    const writer = loop(
      (i) =>
        timed('message', () =>
          fetch(`${base}/api/refill/requests/${requestId}/messages`, {
            method: 'POST',
            headers: { ...origin, cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ body: `rolling ${i}` }),
          }),
        ),
      150,
    );
    const uploader = loop(async (i) => {
      const bytes = Buffer.concat([
        Buffer.from(`%PDF-1.4 rolling ${i}\n`),
        Buffer.alloc(300_000, i % 251),
      ]);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), `rolling-${i}.pdf`);
      const answer = await timed('upload', () =>
        fetch(`${base}/api/refill/requests/${requestId}/attachments`, {
          method: 'POST',
          headers: { ...origin, cookie },
          body: form,
        }),
      );
      if (answer?.status === 201)
        uploads.push({ id: ((await answer.json()) as { id: string }).id, bytes });
    }, 400);
    const signer = loop(async () => {
      const address = uniqueEmail('rolling-mail');
      const answer = await timed('signup', () =>
        fetch(`${base}/api/users/signup`, {
          method: 'POST',
          headers: { ...origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: address }),
        }),
      );
      if (answer?.status === 202) signUps.push(address);
    }, 300);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const index of [0, 1, 2]) {
      const stopping = instances[index]!;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGTERM');
      expect(await exited).toBe(0);
      instances[index] = await startHealthy(index);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await Promise.all([...readers, writer, uploader, signer]);

    const failed = outcomes.filter((outcome) => ![200, 201, 202].includes(outcome.status));
    const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const p99 = times[Math.floor(times.length * 0.99)] ?? 0;
    console.info(
      `rolling restart: ${outcomes.length} requests sent, ${failed.length} failed, p99 ${p99.toFixed(0)} ms; ` +
        `${uploads.length} uploads, ${signUps.length} sign-ups`,
    );
    expect(failed).toEqual([]);
    expect(uploads.length).toBeGreaterThan(5);
    // No upload lost: each is read back whole.
    for (const upload of uploads) {
      const answer = await request.get(
        `${base}/api/refill/requests/${requestId}/attachments/${upload.id}`,
        { headers: { cookie } },
      );
      expect(Buffer.from(await answer.body()).equals(upload.bytes)).toBe(true);
    }
    // No mail lost or sent twice.
    await expect
      .poll(() => signUps.filter((address) => signInMailsTo(address).length > 0))
      .toHaveLength(signUps.length);
    for (const address of signUps) expect(signInMailsTo(address), address).toHaveLength(1);
  });
});
