import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import {
  answerConsent,
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';

/**
 * An account admin creates an API key on the integration page, copies it from the dialog that
 * shows it once, and a machine (no cookie, no browser) sends a reading with it, accepted, told
 * where it stands against its rate limit. The admin rotates the key: the new one is shown once,
 * the old one keeps working with its time left on the page. The page has no axe violation and
 * fits 320 px, its code examples scrolling inside their boxes. The quick start's first step leads
 * to the key form; its last link opens the API reference, which shows the operations of the v1
 * document under the portal's content policy, without axe violations, at 320 px.
 */

async function useEnglish(page: Page, baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
}

test('an admin creates an API key, copies it, and a machine sends a reading with it', async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: String(baseURL),
  });
  await useEnglish(page, baseURL);
  await answerConsent(page);
  // In dev with demo data a new user joins the demo account as its admin.
  await signInViaApi(page.request, String(baseURL));
  const drums = (await (await page.request.get('/api/refill/drums')).json()) as {
    drums: Array<{ serial: string }>;
  };
  const serial = drums.drums[0]?.serial;
  expect(serial).toBeTruthy();

  await page.goto('/integration');
  await expectAppInPlace(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Integration' })).toBeVisible();
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys).toBeVisible();

  const form = keys.getByRole('form', { name: 'Create a key' });
  const name = `Line 3 PLC ${randomUUID().slice(0, 8)}`;
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('checkbox', { name: /send readings/ }).check();
  await form.getByRole('button', { name: 'Create the key' }).click();

  const dialog = page.getByRole('dialog', { name: `Your new key “${name}”` });
  await expect(dialog.getByText(/you will not see it again/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy the key' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('region', { name: 'The API key' })).toHaveText(key);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'I have copied it' }).last().click();
  await expect(dialog).toBeHidden();

  // The list shows the key by its first characters only.
  // The key's row, by its first characters: its rotation adds a row of the same name.
  const row = keys.getByRole('listitem').filter({ hasText: `${key.slice(0, 12)}…` });
  await expect(row).toContainText(name);
  await expect(page.getByText(key)).toHaveCount(0);

  // A machine: its own HTTP client, no cookie, no Origin.
  const machine = await playwrightRequest.newContext({ baseURL });
  const sendReading = (bearer: string) =>
    machine.post('/api/v1/readings', {
      headers: { authorization: `Bearer ${bearer}`, 'idempotency-key': randomUUID() },
      data: {
        readings: [
          {
            drumSerial: serial,
            remainingLength: 1,
            measuredAt: new Date(Date.now() - 60_000).toISOString(),
          },
        ],
      },
    });
  try {
    const answer = await sendReading(key);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      accepted: 1,
      rejected: 0,
      results: [{ index: 0, status: 'accepted' }],
    });
    const limit = Number(answer.headers()['ratelimit-limit']);
    expect(limit).toBeGreaterThan(0);
    expect(Number(answer.headers()['ratelimit-remaining'])).toBe(limit - 1);
    expect(Number(answer.headers()['ratelimit-reset'])).toBeGreaterThan(0);

    // Rotation: a new key shown once; the old one works on for the overlap, its time left shown.
    await row.getByRole('button', { name: `Rotate ${name}` }).click();
    const rotate = page.getByRole('dialog', { name: `Rotate the key “${name}”?` });
    await expect(rotate).toContainText('keeps working for 24 hours');
    await rotate.getByRole('button', { name: 'Rotate the key' }).click();
    const shown = page.getByRole('dialog', { name: `Your new key “${name}”` });
    const newKey = (await shown.getByRole('region', { name: 'The API key' }).textContent()) ?? '';
    expect(newKey).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect(newKey).not.toBe(key);
    await shown.getByRole('button', { name: 'I have copied it' }).last().click();
    await expect(shown).toBeHidden();
    await expect(row).toContainText(/Rotated .*: works until .*, 2[34] h \d+ min left\./);
    await expect(row.getByRole('button', { name: `Rotate ${name}` })).toHaveCount(0);
    expect((await sendReading(key)).status()).toBe(200);
    expect((await sendReading(newKey)).status()).toBe(200);
  } finally {
    await machine.dispose();
  }

  // Its use shows on the page.
  await page.reload();
  await expect(row).toContainText('last used');

  // The page's examples are at this address, and never hold a key.
  const guide = page.getByRole('region', { name: 'How to connect' });
  await expect(guide.getByRole('region', { name: 'Send readings', exact: true })).toContainText(
    `curl -X POST ${baseURL}/api/v1/readings`,
  );
  await expect(guide.getByRole('region', { name: 'Send readings in TypeScript' })).toContainText(
    `fetch('${baseURL}/api/v1/readings'`,
  );
  await expect(guide.getByRole('region', { name: 'Check a webhook in TypeScript' })).toContainText(
    'timingSafeEqual',
  );
  await expect(guide).not.toContainText('cpk_');
  await expectNoAxeViolations(page);

  // 320 px: the page does not scroll sideways; a long example scrolls inside its own box.
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoHorizontalScroll(page);
  const example = guide.getByRole('region', { name: 'Send readings', exact: true });
  const widths = await example.evaluate((box) => ({
    scroll: box.scrollWidth,
    client: box.clientWidth,
  }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  await expectNoAxeViolations(page);

  // The quick start begins with the key form of the same page.
  await guide.getByRole('link', { name: 'Go to the key form' }).click();
  await expect(page).toHaveURL(/#new-api-key$/);
  await expect(page.getByRole('form', { name: 'Create a key' })).toBeInViewport();

  // The API reference, its renderer loaded only here, nothing refused by the content policy.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await guide.getByRole('link', { name: 'Open the API reference' }).click();
  await expect(page).toHaveURL(/\/integration\/reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 3,
      name: "The account's drums by serial, each with its latest reading",
    }),
  ).toBeVisible({ timeout: 15_000 });
  expect(refused).toEqual([]);
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});
