import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../apps/server/test/identity-provider';
import { appServerEnv, root } from './support/browser-and-server';
import {
  answerConsent,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
} from './support/shell-session';

/**
 * Single sign-on through a real OpenID provider (oidc-provider, started here on a free port,
 * with its own keys, people and login page): a manager of the staff's domain signs in through it
 * and reaches the inbox; they give a customer account its own provider; a person of that
 * account's domain is created by their first sign-in; and the manager, removed from the staff's
 * groups at the provider, is refused at their next sign-in and their session ends.
 *
 * On a server of its own: the staff's single sign-on is a setting it starts with.
 */

// Next to the ports of the common servers, the SMTP capture and the other own servers.
const port = Number(process.env.E2E_PORT ?? 3100) + 7;
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let idp: TestIdentityProvider;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  idp = await startTestIdentityProvider();
  const redirectUri = `${origin}/api/auth/sso/callback`;
  idp.addClient({ clientId: 'portal', clientSecret: 'staff-client-secret', redirectUri });
  idp.addClient({ clientId: 'acme-portal', clientSecret: 'acme-client-secret', redirectUri });
  idp.people.set('marie', {
    email: 'marie@durand.example',
    groups: ['portal-managers'],
    name: ['Marie', 'Durand'],
  });
  idp.people.set('ana', { email: 'ana@acme.example', name: ['Ana', 'Costa'] });
  server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...appServerEnv(port, {
        STAFF_SSO_ISSUER: idp.issuer,
        STAFF_SSO_CLIENT_ID: 'portal',
        STAFF_SSO_CLIENT_SECRET: 'staff-client-secret',
        STAFF_SSO_NAME: 'Durand ID',
        STAFF_SSO_DOMAINS: 'durand.example',
        STAFF_SSO_ROLES: 'portal-managers=manager,portal-agents=agent',
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 100_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill();
  await idp?.close();
});

async function browserFor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
  await context.addCookies([{ name: 'locale', value: 'en', url: origin }]);
  const page = await context.newPage();
  await answerConsent(page);
  return page;
}

/** On /auth: the address typed, the identity provider it must use offered, and taken. */
async function continueWithSso(page: Page, email: string, provider: string) {
  await page.goto('/auth');
  await page.getByLabel(/E-mail address/).fill(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status')).toHaveText(
    `Your company signs you in with ${provider}. Your company requires it: no sign-in link is mailed to this address.`,
  );
  await page.getByRole('link', { name: `Continue with ${provider}` }).click();
}

/**
 * At the provider's own pages: its login (any login, any password) and its consent, which it
 * asks only once per grant (a sign-in again may skip it).
 */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  const password = page.locator('input[name="password"]');
  if (await password.count()) await password.fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  const atProvider = () => !page.isClosed() && page.url().startsWith(idp.issuer);
  await expect
    .poll(async () => !atProvider() || (await consent.isVisible().catch(() => false)))
    .toBe(true);
  if (atProvider()) await consent.click();
}

test('staff and a customer sign in through their identity provider; removal there ends access @desktop-only', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The manager: the staff's domain is sent to single sign-on, and lands on the inbox.
  const manager = await browserFor(browser);
  await continueWithSso(manager, 'marie@durand.example', 'Durand ID');
  await signInAtProvider(manager, 'marie');
  await expect(manager.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  // Named by the provider: no welcome dialog asks for a name.
  await expect(manager.getByRole('dialog', { name: 'Welcome' })).toHaveCount(0);

  // They give a customer account its identity provider, on the account's page.
  const created = await manager.request.post('/api/backoffice/accounts', {
    headers: { origin },
    data: { name: 'Acme Cables', verifiedDomains: ['acme.example'] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await manager.goto(`/backoffice/accounts/${id}`);
  const sso = manager.getByRole('region', { name: 'Single sign-on' });
  await sso.getByLabel('Issuer URL').fill(idp.issuer);
  await sso.getByLabel('Client ID').fill('acme-portal');
  await sso.getByLabel('Client secret').fill('acme-client-secret');
  await sso.getByRole('radio', { name: 'Buyer' }).check();
  await sso.getByLabel('Require single sign-on').check();
  await sso.getByRole('button', { name: 'Save' }).click();
  await expect(manager.getByText('Single sign-on saved')).toBeVisible();
  await expect(sso.getByText('A secret is stored and never shown')).toBeVisible();
  await expect(sso.getByLabel('Client secret')).toHaveValue('');

  // A person of the account's domain: created by their first sign-in, as a buyer of it.
  const customer = await browserFor(browser);
  await continueWithSso(customer, 'ana@acme.example', 'Acme Cables');
  await signInAtProvider(customer, 'ana');
  await expect(customer).toHaveURL(/\/refill/);
  const me = await customer.request.get('/api/users/me');
  expect(await me.json()).toMatchObject({
    email: 'ana@acme.example',
    role: 'buyer',
    firstName: 'Ana',
    lastName: 'Costa',
  });

  // Eleven minutes later (the dev helper ages the session), downloading her data asks Ana to
  // confirm it is her: no link (her company requires single sign-on) but her provider, in a
  // window of its own that signs her in anew and comes back; the download then completes.
  const aged = await customer.request.put('/api/dev/users/sign-in-age', {
    data: { email: 'ana@acme.example', minutes: 11 },
    headers: { origin },
  });
  expect(aged.status()).toBe(204);
  await customer.goto('/account');
  const download = customer.waitForEvent('download');
  await customer.getByRole('button', { name: 'Download my data' }).click();
  const stepUp = customer.getByRole('dialog', { name: 'Confirm it is you' });
  const again = stepUp.getByRole('button', { name: 'Sign in again with Acme Cables' });
  await expect(again).toBeVisible();
  await expect(stepUp.getByRole('button', { name: 'E-mail me a sign-in link' })).toHaveCount(0);
  await expectNoAxeViolations(customer);
  const window = customer.waitForEvent('popup');
  await again.click();
  await signInAtProvider(await window, 'ana');
  await expect(stepUp).toBeHidden();
  expect((await download).suggestedFilename()).toBe('my-portal-data.json');
  await expect(customer).toHaveURL(/\/account$/);

  // The manager leaves the staff's groups at the provider: their next sign-in is refused, said
  // on a page of its own with the way back, and the session they held ends.
  idp.people.set('marie', { email: 'marie@durand.example', groups: ['marketing'] });
  await manager.goto(`/api/auth/sso/start?staff=1`);
  await signInAtProvider(manager, 'marie');
  await expect(manager).toHaveURL(/\/sso\/failed\?reason=no_role$/);
  await expect(manager.getByRole('alert')).toHaveText(
    'Your identity provider grants you no access to the portal. Contact your IT department.',
  );
  await expectNoAxeViolations(manager);
  await manager.setViewportSize({ width: 320, height: 640 });
  await expectNoHorizontalScroll(manager);
  expect((await manager.request.get('/api/users/me')).status()).toBe(401);
  await manager.getByRole('link', { name: 'Back to the sign-in page' }).click();
  await expect(manager).toHaveURL(/\/auth$/);
});
