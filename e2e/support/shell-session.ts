// Shell specs' own sign-in: through the API, so these specs do not depend on the sign-in screen.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signUpForLink, uniqueEmail } from './session';

export interface ApiSignInOptions {
  email?: string;
  /** CASL rules for this user (PUT /api/dev/users/rules); the default ability otherwise. */
  rules?: { action: string; subject: string; inverted?: boolean }[];
  /** Give the user a name, so the first-sign-in question does not show. Default true. */
  withName?: boolean;
}

/**
 * Signs up, reads the link from the dev mailbox and redeems it with `request`: pass `page.request`
 * to sign the page's browser context in, or a standalone request context to share one session.
 * (The server allows 10 sign-ups per IP per minute: share sessions where the test allows it.)
 */
export async function signInViaApi(
  request: APIRequestContext,
  baseURL: string,
  options: ApiSignInOptions = {},
): Promise<string> {
  const email = options.email ?? uniqueEmail('shell');
  // State-changing calls must come from the app's own origin.
  const headers = { origin: new URL(baseURL).origin };
  const link = await signUpForLink(request, email, { origin: headers.origin });
  if (options.rules) {
    const put = await request.put('/api/dev/users/rules', {
      data: { email, rules: options.rules },
      headers,
    });
    expect(put.status()).toBe(204);
  }
  const hash = String(link).split('/signin/')[1] ?? '';
  const signIn = await request.post('/api/users/signin', { data: { hash }, headers });
  expect(signIn.status()).toBe(200);
  if (options.withName ?? true) {
    const patch = await request.patch('/api/users/me', {
      data: { firstName: 'Ada', lastName: 'Lovelace' },
      headers,
    });
    expect(patch.status()).toBe(200);
  }
  return email;
}

/** Stores an answered consent, so the pop-up does not cover the page under test. */
export async function answerConsent(page: Page, isEnabled = false): Promise<void> {
  await page.addInitScript((enabled) => {
    if (!window.localStorage.getItem('analytics-acceptance')) {
      window.localStorage.setItem(
        'analytics-acceptance',
        JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: enabled } }),
      );
    }
  }, isEnabled);
}

/**
 * axe-core with the WCAG 2.2 A/AA tags: no violation allowed. Finite animations end first: a
 * toast fading in reads as low contrast until it is opaque.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

/**
 * Nothing is wider than the viewport (WCAG 1.4.10 reflow at 320 px), once the page has laid
 * itself out for it: a chart follows a new width at its next resize observation.
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

/**
 * Waits until the app has taken over from the frame the server painted (a signed-in /refill, a
 * visitor's /auth): keys pressed before that reach an inert page, as a person's would.
 */
export async function expectAppInPlace(page: Page): Promise<void> {
  // By box, not by role: a modal the app opens at once (consent, the name dialog) hides the
  // banner from the accessibility tree.
  await expect(page.locator('#root header').first()).toBeVisible();
  await expect(page.locator('#prerendered')).toHaveCount(0);
}
