import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { appServerEnv, root } from './support/browser-and-server';
import { uniqueEmail } from './support/session';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';

/**
 * A passkey from start to end, with Chromium's virtual authenticator (a CTAP2 device that keeps
 * discoverable credentials and verifies its user): added and named on the account page, used to
 * sign in without typing an address, then to pass the step-up a personal data download asks for
 * once the sign-in is more than ten minutes old; the download then completes from the same page.
 *
 * WebAuthn refuses an IP address as the relying party, so this journey has a server of its own
 * whose public address is http://localhost.
 */

// Next to the ports of the common servers, the SMTP capture and the other specs' own servers.
const port = Number(process.env.E2E_PORT ?? 3100) + 10;
const origin = `http://localhost:${port}`;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...appServerEnv(port, { PUBLIC_URL: origin }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${origin}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      { timeout: 80_000 },
    )
    .toBe(200);
});

test.afterAll(() => {
  server?.kill();
});

/** A CTAP2 authenticator with resident keys and user verification, for this page's browser. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test('a passkey is added, signs its person in without an address, and passes a step-up @desktop-only', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin, locale: 'en-GB' });
  await context.addCookies([{ name: 'locale', value: 'en', url: origin }]);
  const page = await context.newPage();
  await answerConsent(page);
  await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  await signInViaApi(page.request, origin, { email });

  // The account page: add a passkey under a name; an empty name is refused first.
  await page.goto(`${origin}/account`);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('You have no passkey yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByText('Give the passkey a name')).toBeVisible();
  await passkeys.getByRole('textbox', { name: 'Name of the new passkey' }).fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(passkeys.getByRole('listitem').filter({ hasText: 'Work laptop' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Sign out, then in again with the passkey: no address typed.
  const signOut = await page.request.post(`${origin}/api/users/signout`, {
    data: {},
    headers: { origin },
  });
  expect(signOut.status()).toBe(204);
  await page.goto(`${origin}/auth`);
  await expectAppInPlace(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

  // The session says how it signed in.
  await page.goto(`${origin}/account`);
  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(
    sessions
      .getByRole('listitem')
      .filter({ hasText: '(this device)' })
      .getByText('Signed in with a passkey'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Passkeys' }).getByText(/last used/)).toBeVisible();

  // Eleven minutes later (the dev helper ages the session), downloading the data asks for a
  // step-up, which the passkey passes; the download then completes without a second press.
  const aged = await page.request.put(`${origin}/api/dev/users/sign-in-age`, {
    data: { email, minutes: 11 },
    headers: { origin },
  });
  expect(aged.status()).toBe(204);
  await page.setViewportSize({ width: 320, height: 720 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp).toContainText('needs a sign-in from the last 10 minutes');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await stepUp.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(stepUp).toBeHidden();
  expect((await download).suggestedFilename()).toBe('my-portal-data.json');
  await context.close();
});
