import { expect, test } from '@playwright/test';
import { answerConsentBeforeLoad } from './support/consent';
import { expectNoAxeViolations } from './support/shell-session';

test.describe('foundation', () => {
  // A French browser; the detection falls back to the browser language when no choice is stored.
  test.use({ locale: 'fr-FR' });
  test.beforeEach(({ page }) => answerConsentBeforeLoad(page));

  test('the health check answers 200 from the real server', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  test('the auth page renders in the browser language, with translations from the API', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Portail client' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('the app takes over the prerendered auth page, leaving nothing of it', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Portail client' })).toBeVisible();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('hidden');
    await expect(page.locator('main')).toHaveCount(1);
  });

  test('a stored locale cookie wins over the browser language', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer portal' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a visitor of a protected route is sent to the auth page', async ({ page }) => {
    for (const path of ['/', '/refill', '/spareparts', '/refill/calculator']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('an unknown path shows the not-found page with its two ways out', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retour' })).toBeVisible();
    await expect(page.getByRole('button', { name: "Aller à l'accueil" })).toBeVisible();
  });

  test('the auth page has no axe violation (WCAG 2.2 A/AA)', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('no console error and no CSP violation while loading', async ({ page }) => {
    const problems: string[] = [];
    const sessionQueries: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/me')) sessionQueries.push(request.url());
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
    // Without a session cookie the page asks nothing (index.html says so): no 401 to log.
    expect(sessionQueries).toEqual([]);
  });
});

test.describe('the auth page before its scripts run', () => {
  test.use({ locale: 'fr-FR', javaScriptEnabled: false });

  test('is in the HTML, in the browser language: a first visit sees it at once', async ({
    page,
  }) => {
    await page.goto('/auth');
    const prerendered = page.locator('#prerendered');
    await expect(prerendered.locator('img').first()).toBeVisible();
    await expect(prerendered).toContainText('Rejoindre le portail');
    // Inert until the app replaces it: nothing there takes a click or a key.
    await expect(prerendered).toHaveAttribute('inert', '');
  });
});

test.describe('the consent question before the app starts', () => {
  test.use({ locale: 'fr-FR' });

  test('a first visit sees it painted with the page, before any of the app is loaded', async ({
    page,
  }) => {
    // The app's scripts never arrive: what shows is the server's page alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    // The prerendered page is inert, so outside the accessibility tree: found by its markup.
    const painted = page.locator('#prerendered [data-prerendered-consent] [role="dialog"]');
    await expect(painted).toBeVisible();
    await expect(painted.locator('h2')).toHaveText('Votre vie privée');
    await expect(painted).toContainText('Google Analytics');
  });

  test('an answered question is not painted again', async ({ page }) => {
    await answerConsentBeforeLoad(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    await expect(page.locator('#prerendered')).toContainText('Rejoindre le portail');
    await expect(page.locator('[data-prerendered-consent] [role="dialog"]')).toBeHidden();
  });

  test('the app takes it over as it is: one dialog, not animated again, focus inside', async ({
    page,
  }) => {
    await page.goto('/auth');
    const dialog = page.getByRole('dialog', { name: 'Votre vie privée' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#prerendered')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(dialog).toHaveAttribute('data-state', 'shown');
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
  });
});
