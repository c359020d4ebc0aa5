import { test as base, expect, type Cookie, type Page } from '@playwright/test';
import {
  answerConsent,
  expectNoAxeViolations,
  expectAppInPlace,
  expectNoHorizontalScroll,
  signInViaApi,
} from './support/shell-session';
import { viewportTagOf } from './support/viewports';

/** One signed-in session per worker for the tests that do not end or restrict it. */
const test = base.extend<{ useSharedSession: () => Promise<void> }, { sharedSession: Cookie[] }>({
  sharedSession: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const request = await playwright.request.newContext({ baseURL });
      await signInViaApi(request, baseURL);
      const { cookies } = await request.storageState();
      await use(cookies);
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  useSharedSession: async ({ context, sharedSession }, use) => {
    await use(() => context.addCookies(sharedSession));
  },
});

const texts = {
  fr: {
    appName: 'Portail client',
    notFound: 'Page introuvable',
    notAuthorized: 'Accès refusé',
    refill: 'Réapprovisionnement',
    spareparts: 'Pièces détachées',
    calculator: 'Calculateur de tourets',
    privacy: 'Confidentialité et cookies',
    nav: 'Navigation principale',
    switchTo: 'English',
    legal: 'Mentions légales',
    openMenu: 'Ouvrir le menu de navigation',
  },
  en: {
    appName: 'Customer portal',
    notFound: 'Page not found',
    notAuthorized: 'Access denied',
    refill: 'Refill',
    spareparts: 'Spare parts',
    calculator: 'Drum calculator',
    privacy: 'Privacy and cookies',
    nav: 'Main navigation',
    switchTo: 'Français',
    legal: 'Legal notice',
    openMenu: 'Open the navigation menu',
  },
} as const;

async function useLanguage(page: Page, baseURL: string | undefined, lng: 'fr' | 'en') {
  await page.context().addCookies([{ name: 'locale', value: lng, url: baseURL ?? '' }]);
}

for (const lng of ['fr', 'en'] as const) {
  const text = texts[lng];

  test.describe(`as a visitor (${lng})`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await useLanguage(page, baseURL, lng);
      await answerConsent(page);
    });

    test('protected routes send the visitor to the auth page', async ({ page }) => {
      for (const path of ['/', '/refill', '/refill/calculator', '/calculator', '/spareparts']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/auth$/);
      }
    });

    test('not-found: title, two ways out, document title, no axe violation', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1, name: text.notFound })).toBeVisible();
      await expect(page).toHaveTitle(`${text.notFound} · ${text.appName}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('main')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await page
        .getByRole('button', { name: lng === 'fr' ? "Aller à l'accueil" : 'Go to the home page' })
        .click();
      await expect(page).toHaveURL(/\/auth$/);
    });

    test('not-authorized is public, outside the shell', async ({ page }) => {
      await page.goto('/notauthorized');
      await expect(page.getByRole('heading', { level: 1, name: text.notAuthorized })).toBeVisible();
      await expect(page.getByRole('navigation', { name: text.nav })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('the privacy page is public and lists what is stored', async ({ page }) => {
      await page.goto('/compliancy');
      await expect(page.getByRole('heading', { level: 1, name: text.privacy })).toBeVisible();
      await expect(page).toHaveTitle(`${text.privacy} · ${text.appName}`);
      for (const name of ['analytics-acceptance', 'locale', 'session', 'portal-app-store']) {
        // Row headers of the table; on a phone, cards with the same fields.
        await expect(
          page
            .getByRole('rowheader', { name, exact: true })
            .or(page.getByRole('list').getByText(name, { exact: true }))
            .first(),
        ).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
    });
  });

  // Each language on one viewport (French, the longer text, on the phone); see viewports.ts.
  test.describe(`signed in (${lng}) ${viewportTagOf(lng)}`, () => {
    test.beforeEach(async ({ page, baseURL, useSharedSession }) => {
      await useLanguage(page, baseURL, lng);
      await answerConsent(page);
      await useSharedSession();
    });

    test('the shell: landmarks, skip link, navbar, active entry, footer, titles', async ({
      page,
      isMobile,
    }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/refill$/);
      await expect(page).toHaveTitle(`${text.refill} · ${text.appName}`);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      if (isMobile) {
        // Phones: the navbar is a drawer behind the menu toggle.
        await expect(page.getByRole('navigation', { name: text.nav })).toBeHidden();
        await page.getByRole('button', { name: text.openMenu }).click();
      }
      const nav = page.getByRole('navigation', { name: text.nav });
      await expect(nav.getByRole('link', { name: text.refill })).toHaveAttribute(
        'aria-current',
        'page',
      );

      if (isMobile) await page.keyboard.press('Escape');
      // The first Tab reaches the skip link, which moves to the main content.
      await page.goto('/refill');
      await expectAppInPlace(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', {
        name: lng === 'fr' ? 'Aller au contenu principal' : 'Skip to main content',
      });
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);
      if (!isMobile) {
        // The navigation scrolls and clips what is drawn outside a link: its focus ring is inside.
        const refillLink = nav.getByRole('link', { name: text.refill });
        await refillLink.focus();
        expect(await refillLink.evaluate((link) => getComputedStyle(link).boxShadow)).toMatch(
          /inset/,
        );
      }

      const legal = page.getByRole('link', { name: new RegExp(text.legal) });
      await expect(legal).toHaveAttribute('target', '_blank');
      await expect(legal).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(legal).toHaveAttribute('href', new RegExp(lng === 'fr' ? '/fr/' : '/en/'));
      await expect(page.getByText('© 2025')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
    });

    for (const [path, key] of [
      ['/refill', 'refill'],
      ['/refill/calculator', 'calculator'],
      ['/spareparts', 'spareparts'],
      ['/notauthorized', 'notAuthorized'],
      ['/elsewhere', 'notFound'],
    ] as const) {
      test(`${path} in the shell: title, frame, no axe violation, fits`, async ({ page }) => {
        await page.goto(path);
        await expect(page).toHaveTitle(`${text[key]} · ${text.appName}`);
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page);
      });
    }

    test('the auth page sends a signed-in user to refill', async ({ page }) => {
      await page.goto('/auth');
      await expect(page).toHaveURL(/\/refill$/);
    });

    test('the navbar follows the location (spare parts active)', async ({ page, isMobile }) => {
      await page.goto('/refill');
      await expectAppInPlace(page);
      if (isMobile) {
        await page
          .getByRole('button', {
            name: lng === 'fr' ? 'Ouvrir le menu de navigation' : 'Open the navigation menu',
          })
          .click();
      }
      const nav = page.getByRole('navigation', { name: text.nav });
      await nav.getByRole('link', { name: text.spareparts }).click();
      await expect(page).toHaveURL(/\/spareparts$/);
      if (isMobile) {
        // The drawer closes after navigating on mobile.
        await expect(nav).toBeHidden();
        await page.getByRole('button', { name: text.openMenu }).click();
      }
      await expect(nav.getByRole('link', { name: text.spareparts })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('the language switch changes the page, html lang, cookie, storage and profile', async ({
      page,
      baseURL,
    }) => {
      const other = lng === 'fr' ? 'en' : 'fr';
      await page.goto('/refill');
      await expectAppInPlace(page);
      const patched = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/users/me') && response.request().method() === 'PATCH',
      );
      await page.getByRole('button', { name: text.switchTo }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(page).toHaveTitle(`${texts[other].refill} · ${texts[other].appName}`);
      expect((await patched).status()).toBe(200);
      const cookies = await page.context().cookies(baseURL);
      expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe(other);
      expect(await page.evaluate(() => window.localStorage.getItem('locale'))).toBe(other);
      const me = (await (await page.request.get('/api/users/me')).json()) as { locale: string };
      expect(me.locale).toBe(other);
    });
  });
}

test.describe('desktop header and navbar', () => {
  test('environment subtitle; on a wide screen the navbar names every page beside its icon, without hovering @desktop-only', async ({
    page,
    baseURL,
    useSharedSession,
  }) => {
    await page.setViewportSize({ width: 1600, height: 900 });
    await useLanguage(page, baseURL, 'fr');
    await answerConsent(page);
    await useSharedSession();
    await page.goto('/refill');
    await expectAppInPlace(page);
    // The e2e server runs with APP_ENV=dev.
    await expect(page.getByText('Environnement : développement')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu de navigation' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.evaluate((element) => element.getBoundingClientRect().width)).toBe(232);
    for (const name of ['Réapprovisionnement', 'Pièces détachées', 'Mon compte']) {
      const label = nav.getByText(name, { exact: true });
      await expect(label).toBeVisible();
      // Drawn whole, not cut by the navigation's width.
      expect(await label.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
        true,
      );
    }
  });

  test('at tablet width the subtitle hides and the toggle shows @desktop-only', async ({
    page,
    baseURL,
    useSharedSession,
  }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await useLanguage(page, baseURL, 'en');
    await answerConsent(page);
    await useSharedSession();
    await page.goto('/spareparts');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText('Environment: development')).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.evaluate((element) => element.getBoundingClientRect().width)).toBe(60);
    await page.getByRole('button', { name: 'Open the navigation menu' }).click();
    await expect(nav).toHaveAttribute('data-expanded', 'true');
    await expectNoAxeViolations(page);
  });
});

test.describe('keyboard and motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the profile menu works by keyboard; focus returns to the button', async ({
    page,
    baseURL,
    useSharedSession,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await answerConsent(page);
    await useSharedSession();
    await page.goto('/refill');
    await expectAppInPlace(page);
    const button = page.getByRole('button', { name: /Ada/ });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Edit my profile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Edit my profile' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit my profile' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Reduced motion: the navbar does not animate.
    // By id: on phones the closed drawer is hidden, out of the accessibility tree.
    const nav = page.locator('#main-navigation');
    const transition = await nav.evaluate(
      (element) => getComputedStyle(element).transitionDuration,
    );
    expect(['0s', '1e-05s']).toContain(transition);
  });
});

test.describe('command palette', () => {
  test('Ctrl+K opens it; typing finds a screen; Enter goes there; Escape closes', async ({
    page,
    baseURL,
    useSharedSession,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await answerConsent(page);
    await useSharedSession();
    await page.goto('/refill');
    await expectAppInPlace(page);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    await expect(dialog).toBeVisible();
    const search = dialog.getByRole('combobox');
    await expect(search).toBeFocused();
    await expect(dialog.getByRole('option', { name: 'Switch to French' })).toBeVisible();
    await expectNoAxeViolations(page);
    await search.fill('spare');
    await expect(dialog.getByRole('option', { name: 'Go to Refill' })).toHaveCount(0);
    await expect(dialog.getByRole('option', { name: 'Go to Spare parts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/spareparts$/);
    await expect(dialog).toBeHidden();

    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test.describe('permissions', () => {
  test('a user without get refill is sent to not-authorized and sees no refill entry', async ({
    page,
    baseURL,
    isMobile,
  }) => {
    await useLanguage(page, baseURL, 'en');
    await answerConsent(page);
    await signInViaApi(page.request, String(baseURL), {
      rules: [{ action: 'get', subject: 'spareparts' }],
    });
    await page.goto('/refill');
    await expectAppInPlace(page);
    await expect(page).toHaveURL(/\/notauthorized$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    if (isMobile) await page.getByRole('button', { name: 'Open the navigation menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Spare parts' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Refill' })).toHaveCount(0);
    await page.goto('/refill/calculator');
    await expect(page).toHaveURL(/\/refill\/calculator$/);
  });
});

test.describe('profile menu', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await useLanguage(page, baseURL, 'en');
    await answerConsent(page);
  });

  test('edit profile saves the name; sign out goes to the auth page', async ({ page, baseURL }) => {
    await signInViaApi(page.request, String(baseURL));
    await page.goto('/refill');
    await expectAppInPlace(page);
    await page.getByRole('button', { name: /Ada/ }).click();
    await page.getByRole('menuitem', { name: 'Edit my profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit my profile' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Grace');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // The success toast, top right, announced politely.
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.getByText('Your profile has been saved.')).toBeVisible();
    // Top right, just below the header (whose language switch and account menu stay in reach):
    // its right edge near the right edge.
    const viewport = page.viewportSize();
    const box = await toasts.getByRole('status').first().boundingBox();
    const header = await page.getByRole('banner').boundingBox();
    expect(box && viewport && header).toBeTruthy();
    if (box && viewport && header) {
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y).toBeLessThan(header.y + header.height + 48);
      expect(viewport.width - (box.x + box.width)).toBeLessThan(48);
      expect(box.x).toBeGreaterThan(viewport.width / 2 - box.width);
    }
    await expect(page.getByRole('button', { name: /Grace/ })).toBeVisible();

    await page.getByRole('button', { name: /Grace/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/refill');
    await expectAppInPlace(page);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a new user without a name is asked for it once', async ({ page, baseURL }) => {
    await signInViaApi(page.request, String(baseURL), { withName: false });
    await page.goto('/refill');
    await expectAppInPlace(page);
    const dialog = page.getByRole('dialog', { name: 'Welcome' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expectAppInPlace(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('languages', () => {
  test('the server preloads the detected namespace and the app uses it: one download, no warning', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      // The visitor's session query answers 401 by design; only preload and i18n problems count.
      if (message.type() === 'warning' || /preload|i18next|locales/i.test(message.text())) {
        warnings.push(message.text());
      }
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/locales/common/')) requests.push(request.url());
    });
    await answerConsent(page);
    await page.setExtraHTTPHeaders({ 'accept-language': 'en-GB,en;q=0.9' });
    await page.goto('/auth');
    // The prerendered page adds it once painted, with the entry.
    await expect(
      page.locator('head link[rel="preload"][as="fetch"][href="/api/locales/common/en.json"]'),
    ).toHaveAttribute('crossorigin', 'anonymous');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Long enough for Chromium's "preloaded but not used" warning (it fires after a few seconds).
    await page.waitForTimeout(3500);
    expect(requests.filter((url) => url.endsWith('/common/en.json'))).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});

test.describe('320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('public pages and the consent pop-up fit at 320 px, without axe violations', async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, baseURL, 'fr');
    await page.goto('/compliancy');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.goto('/nowhere');
    // Behind the modal pop-up the page is inert, out of the accessibility tree: find it by tag.
    await expect(page.locator('h1')).toHaveText('Page introuvable');
    const dialog = page.getByRole('dialog', { name: 'Votre vie privée' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.width ?? 999) <= 320).toBe(true);
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeInViewport();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
  });

  test('the shell fits and the menu toggle opens the navigation', async ({
    page,
    baseURL,
    useSharedSession,
  }) => {
    await useLanguage(page, baseURL, 'fr');
    await answerConsent(page);
    await useSharedSession();
    await page.goto('/refill');
    await expectAppInPlace(page);
    await expectNoHorizontalScroll(page);
    const toggle = page.getByRole('button', { name: 'Ouvrir le menu de navigation' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
  });
});
