import { afterEach, describe, expect, it } from 'vitest';
import authEn from '../../../../packages/locales/auth/en.json';
import authFr from '../../../../packages/locales/auth/fr.json';
import commonEn from '../../../../packages/locales/common/en.json';
import commonFr from '../../../../packages/locales/common/fr.json';
import consentEn from '../../../../packages/locales/consent/en.json';
import consentFr from '../../../../packages/locales/consent/fr.json';
import errorsEn from '../../../../packages/locales/errors/en.json';
import errorsFr from '../../../../packages/locales/errors/fr.json';
import refillEn from '../../../../packages/locales/refill/en.json';
import refillFr from '../../../../packages/locales/refill/fr.json';
import shellEn from '../../../../packages/locales/shell/en.json';
import shellFr from '../../../../packages/locales/shell/fr.json';
import { CONSENT_KEY, CONSENT_VERSION } from '@/lib/consent-store';
import { pageVariants, prerenderedPages, renderPage } from './pages';

const resources = {
  fr: {
    common: commonFr,
    shell: shellFr,
    consent: consentFr,
    auth: authFr,
    errors: errorsFr,
    refill: refillFr,
  },
  en: {
    common: commonEn,
    shell: shellEn,
    consent: consentEn,
    auth: authEn,
    errors: errorsEn,
    refill: refillEn,
  },
};

async function render(name: string, lng: 'fr' | 'en', variant = name) {
  const page = prerenderedPages.find((candidate) => candidate.name === name)!;
  const [, element] = pageVariants(page).find(([file]) => file === variant)!;
  // Only the namespaces the page names, as the build gives it.
  const given = Object.fromEntries(
    page.namespaces.map((namespace) => [namespace, resources[lng][namespace as 'common']]),
  );
  const container = document.createElement('div');
  container.innerHTML = renderPage(page, element, lng, given);
  return container;
}

/** Runs the markup's own script as the browser does when it reads the page. */
function runMarkupScript(page: HTMLElement) {
  const source = page.querySelector('script:not([type])')?.textContent ?? '';
  new Function(source)();
}

describe('the prerendered pages', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });

  it.each([
    ['auth', 'auth', 'fr'],
    ['refill', 'refill.prd', 'en'],
  ] as const)(
    'the %s page carries the consent pop-up, shown before any paint when the question is due',
    async (name, variant, lng) => {
      const page = await render(name, lng, variant);
      document.body.append(page);
      const holder = page.querySelector<HTMLElement>('[data-prerendered-consent]')!;
      const dialog = holder.querySelector('[role="dialog"]')!;
      expect(dialog.querySelector('h2')?.textContent).toBe(resources[lng].consent.dialog.title);
      expect(dialog.textContent).toContain(resources[lng].consent.dialog.text);
      expect(dialog.querySelector('[role="switch"]')).not.toBeNull();
      // A strict content security policy refuses style attributes in a page's markup.
      expect(page.querySelector('[style]')).toBeNull();
      // A first visit: no stored answer.
      expect(holder.hidden).toBe(true);
      runMarkupScript(page);
      expect(holder.hidden).toBe(false);
      // Answered in the current version: it stays hidden.
      holder.hidden = true;
      localStorage.setItem(
        CONSENT_KEY,
        JSON.stringify({
          version: CONSENT_VERSION,
          analytics: { isGoogleAnalyticsEnabled: false },
        }),
      );
      runMarkupScript(page);
      expect(holder.hidden).toBe(true);
      // An older version's answer, or an unreadable one, asks again, as the SPA does.
      for (const stored of [
        JSON.stringify({
          version: CONSENT_VERSION - 1,
          analytics: { isGoogleAnalyticsEnabled: true },
        }),
        '{not json',
      ]) {
        localStorage.setItem(CONSENT_KEY, stored);
        runMarkupScript(page);
        expect(holder.hidden).toBe(false);
        holder.hidden = true;
      }
    },
  );

  it.each(['fr', 'en'] as const)(
    'the auth page: all of it in %s, as the SPA has it',
    async (lng) => {
      const page = await render('auth', lng);
      // The frame, the carousel's first slide and the sign-up form, with translated texts.
      expect(page.querySelector('header a')?.textContent).toContain(resources[lng].common.appName);
      expect(page.querySelector('main h1')?.textContent).toBe(resources[lng].common.appName);
      expect(page.querySelector('img')?.getAttribute('src')).toMatch(/slide-drums/);
      expect(page.querySelector('input[type="email"]')).not.toBeNull();
      expect(page.querySelector('footer')).not.toBeNull();
      expect(page.textContent).toContain(resources[lng].auth.join);
      // No key left untranslated (the translator would print the key itself).
      expect(page.textContent).not.toMatch(/\b(auth|common|shell):[a-z]/);
    },
  );

  it.each(['fr', 'en'] as const)(
    'the refill frame in %s: header and page title, nothing of the user',
    async (lng) => {
      const page = await render('refill', lng, 'refill.prd');
      expect(page.querySelector('header a')?.getAttribute('aria-label')).toBe(
        resources[lng].shell.header.home,
      );
      expect(page.querySelector('main h1')?.textContent).toBe(resources[lng].refill.title);
      expect(page.querySelector('main p')?.textContent).toBe(resources[lng].refill.description);
      expect(page.querySelector('main button')?.textContent).toBe(
        resources[lng].refill.request.start,
      );
      // Who is signed in, what they may open and their cart come with the SPA.
      expect(page.querySelector('nav')?.children).toHaveLength(0);
      // The frame's header (the page's own comes after): the menu toggle and the home link only.
      expect(page.querySelector('header')?.querySelectorAll('button, a')).toHaveLength(2);
      expect(page.textContent).not.toMatch(/\b(refill|common|shell):[a-z]/);
    },
  );

  it('the refill frame names the environment outside production, as the header does', async () => {
    expect(pageVariants(prerenderedPages[1]!).map(([file]) => file)).toEqual([
      'refill.dev',
      'refill.rec',
      'refill.prd',
    ]);
    const development = await render('refill', 'en', 'refill.dev');
    expect(development.querySelector('header a')?.textContent).toBe(
      'Customer portal Environment: development',
    );
    // Its name holds what it shows (WCAG 2.5.3): the environment too.
    expect(development.querySelector('header a')?.getAttribute('aria-label')).toBe(
      'Customer portal, Environment: development, home page',
    );
    const production = await render('refill', 'en', 'refill.prd');
    expect(production.querySelector('header a')?.textContent).toBe('Customer portal');
  });
});
