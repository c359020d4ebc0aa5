import type { Page } from '@playwright/test';

/**
 * Stores an answered consent record (analytics off) before the page loads, for tests about
 * something else than the consent pop-up, which would otherwise cover every page.
 */
export async function answerConsentBeforeLoad(page: Page, analytics = false): Promise<void> {
  await page.addInitScript((enabled) => {
    window.localStorage.setItem(
      'analytics-acceptance',
      JSON.stringify({ version: 1, analytics: { isGoogleAnalyticsEnabled: enabled } }),
    );
  }, analytics);
}
