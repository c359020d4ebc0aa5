import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server } from 'node:https';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { smtpCapture } from './playwright.config';
import { answerConsentBeforeLoad } from './support/consent';
import {
  acceptInvitation,
  answerWelcome,
  checkDrumsCsv,
  createAccountWithSite,
  drumMakings,
  inviteAccountUser,
} from './support/onboarding';
import { adminSql } from './support/postgres';
import { uniqueEmail } from './support/session';

/**
 * A provider's first day in production, through the UI: an empty PostgreSQL, the first manager
 * made by the command line, the portal in `prd` behind https with real SMTP, the manager
 * onboarding a customer by CSV and inviting its admin, who invites a colleague as buyer.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const manager = 'boss@provider.example';
// Its own SMTP port, next to the capture server the other mail journey uses.
const smtpPort = smtpCapture.http + 1;

let work: string;
let databaseName: string;
let server: ChildProcess | undefined;
let proxy: Server;
let smtp: SMTPServer;
let origin: string;
const mails: Array<{ to: string[]; text: string }> = [];

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The newest captured mail to `to` with a link under `path`: its link. */
async function linkMailedTo(to: string, path: '/signin/' | '/invitation/'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mails.findLast((candidate) => candidate.to.includes(to));
      link = mail?.text.match(new RegExp(`https://localhost:\\d+${path}[A-Za-z0-9_-]+`))?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link ?? '').pathname;
}

async function freshContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: true,
    locale: 'en-GB',
  });
  const page = await context.newPage();
  await answerConsentBeforeLoad(page);
  return { context, page };
}

test.describe('production, from an empty database @desktop-only', () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    work = mkdtempSync(join(tmpdir(), 'portal-prd-e2e-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        join(work, 'key.pem'),
        '-out',
        join(work, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // Quoted-printable soft line breaks and '=' undone: the links read whole.
          const text = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

    // TLS ends here, as at a load balancer; the portal behind it speaks http on loopback.
    let upstreamPort = 0;
    proxy = createHttpsServer(
      { key: readFileSync(join(work, 'key.pem')), cert: readFileSync(join(work, 'cert.pem')) },
      (incoming, outgoing) => {
        const upstream = httpRequest(
          {
            host: '127.0.0.1',
            port: upstreamPort,
            path: incoming.url,
            method: incoming.method,
            headers: { ...incoming.headers, 'x-forwarded-proto': 'https' },
          },
          (answer) => {
            outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(outgoing);
          },
        );
        upstream.on('error', () => outgoing.writeHead(502).end());
        incoming.pipe(upstream);
      },
    );
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    origin = `https://localhost:${(proxy.address() as AddressInfo).port}`;

    databaseName = `portal_e2e_prd_${process.pid}`;
    await adminSql(adminUrl, `drop database if exists ${databaseName}`);
    await adminSql(adminUrl, `create database ${databaseName}`);
    const databaseUrl = new URL(adminUrl);
    databaseUrl.pathname = `/${databaseName}`;
    const production = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: String(databaseUrl),
    };
    // The first manager, on the empty database (the command migrates it first).
    const said = execFileSync(
      'node',
      ['apps/server/dist/admin.js', 'add-staff', manager, '--role', 'manager'],
      { cwd: root, env: production, encoding: 'utf8' },
    );
    expect(said).toContain(`${manager} created as manager.`);
    // The standard drums and cable references, which drums are made of.
    const loaded = execFileSync('node', ['apps/server/dist/admin.js', 'load-catalog'], {
      cwd: root,
      env: production,
      encoding: 'utf8',
    });
    expect(loaded).toMatch(/^Catalogue: 12 drum types \(12 new\)/);

    upstreamPort = await freePort();
    server = spawn('node', ['apps/server/dist/server.js'], {
      cwd: root,
      env: {
        ...production,
        APP_ENV: 'prd',
        HOST: '127.0.0.1',
        PORT: String(upstreamPort),
        PUBLIC_URL: origin,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SECRETS_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${upstreamPort}/api/health`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((resolve) => (server ? server.once('exit', resolve) : resolve(undefined)));
    proxy?.close();
    smtp?.close();
    if (databaseName)
      await adminSql(adminUrl, `drop database if exists ${databaseName} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  test('the first manager onboards a customer whose admin invites a buyer', async ({ browser }) => {
    test.setTimeout(150_000);
    const { context: managerContext, page } = await freshContext(browser);
    // No dev features in production.
    expect((await page.request.get('/api/dev/mailbox')).status()).toBe(404);

    // The manager signs in as anyone does: the sign-up form mails a link to a known address.
    await page.goto('/auth');
    await page.getByLabel('E-mail address').fill(manager);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    await page.goto(await linkMailedTo(manager, '/signin/'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/signin\//);
    const cookies = await managerContext.cookies();
    expect(cookies.find((cookie) => cookie.name.startsWith('__Host-'))?.secure).toBe(true);

    const { drumType, cable } = await drumMakings(page.request);

    await page.goto('/backoffice/accounts');
    // A user made by the command line has no name yet: the portal asks for it once.
    await answerWelcome(page, 'Marie', 'Curie');
    const company = `Prd customer ${Date.now()}`;
    await createAccountWithSite(page, { company, site: 'Quai Sud', city: 'Marseille' });

    const csv = [
      'serial;drum_type;cable_reference;initial_length_m;site;delivered_on',
      `PRD-1;${drumType};${cable};1000;Quai Sud;2026-11-20`,
      `PRD-2;${drumType};${cable};750;Quai Sud;2026-11-21`,
    ].join('\r\n');
    const importing = await checkDrumsCsv(page, csv);
    await importing.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await expect(importing.getByText(/^Import done/)).toBeVisible();

    const admin = uniqueEmail('prd-admin');
    await inviteAccountUser(page, admin);
    await managerContext.close();

    // The customer's admin, from the mailed invitation.
    const { context: adminContext, page: adminPage } = await freshContext(browser);
    await acceptInvitation(adminPage, await linkMailedTo(admin, '/invitation/'), {
      email: admin,
      role: 'Administrator',
    });
    await answerWelcome(adminPage, 'Ada', 'Lovelace');
    await expect(adminPage.getByText('PRD-1').first()).toBeVisible();

    const buyer = uniqueEmail('prd-buyer');
    await adminPage.goto('/team');
    const form = adminPage.getByRole('form', { name: 'Invite a colleague' });
    await form.getByRole('textbox', { name: 'E-mail address' }).fill(buyer);
    await form.getByRole('radio', { name: /^Buyer/ }).check();
    await form.getByRole('radio', { name: 'English' }).check();
    await form.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(
      adminPage.getByRole('region', { name: 'Invitations' }).getByText(buyer, { exact: true }),
    ).toBeVisible();
    await adminContext.close();

    // The buyer joins and sees the account's drums, and can request a refill.
    const { context: buyerContext, page: buyerPage } = await freshContext(browser);
    await acceptInvitation(buyerPage, await linkMailedTo(buyer, '/invitation/'), {
      email: buyer,
      role: 'Buyer',
    });
    await answerWelcome(buyerPage, 'Grace', 'Hopper');
    await expect(buyerPage.getByText('PRD-2').first()).toBeVisible();
    await expect(
      buyerPage.getByRole('button', { name: 'Request a refill', exact: true }),
    ).toBeVisible();
    expect((await buyerPage.request.get('/api/backoffice/accounts')).status()).toBe(403);
    await buyerContext.close();
  });
});
