import { expect, test } from '@playwright/test';
import {
  expectAppInPlace,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';

test.describe('consent pop-up', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
  });

  test('shows on a first visit, cannot be closed, and OK saves the choice', async ({ page }) => {
    await page.goto('/auth');
    const dialog = page.getByRole('dialog', { name: 'Your privacy' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Consent to data collection' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /close/i })).toHaveCount(0);
    const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
    const viewport = page.viewportSize()?.width ?? 0;
    expect(width).toBeLessThanOrEqual(Math.min(700, viewport - 24) + 1);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // Not closable: Escape and a click outside keep it open.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    // Keyboard only: the switch starts on (the default consent record), Space turns it off.
    const accept = dialog.getByRole('switch', { name: 'Accept' });
    await expect(accept).toBeChecked();
    await accept.focus();
    await page.keyboard.press('Space');
    await expect(accept).not.toBeChecked();
    await dialog.getByRole('button', { name: 'OK' }).press('Enter');
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(() => window.localStorage.getItem('analytics-acceptance'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      version: 1,
      analytics: { isGoogleAnalyticsEnabled: false },
    });

    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('never shows by itself on /compliancy, whose button opens the choice', async ({ page }) => {
    await page.goto('/compliancy');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Privacy and cookies' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('You have not answered yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Change my cookie choice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your privacy' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('You currently accept audience measurement.')).toBeVisible();
  });

  test('without a measurement id nothing talks to Google, whatever the answer', async ({
    page,
  }) => {
    const google: string[] = [];
    page.on('request', (request) => {
      if (/google/.test(request.url())) google.push(request.url());
    });
    await page.goto('/auth');
    await page
      .getByRole('dialog', { name: 'Your privacy' })
      .getByRole('button', { name: 'OK' })
      .click();
    await page.goto('/compliancy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(600);
    expect(google).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  });

  test('signed in: the footer link and the profile menu reopen the pop-up', async ({
    page,
    baseURL,
  }) => {
    await signInViaApi(page.request, String(baseURL));
    await page.goto('/refill');
    await expectAppInPlace(page);
    const dialog = page.getByRole('dialog', { name: 'Your privacy' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Cookie choice' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /Ada/ }).click();
    await page.getByRole('menuitem', { name: 'Change my cookie choice' }).click();
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
