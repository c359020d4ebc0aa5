import { describe, expect, it } from 'vitest';
import authEn from '../../../../packages/locales/auth/en.json';
import authFr from '../../../../packages/locales/auth/fr.json';
import commonEn from '../../../../packages/locales/common/en.json';
import commonFr from '../../../../packages/locales/common/fr.json';
import errorsEn from '../../../../packages/locales/errors/en.json';
import errorsFr from '../../../../packages/locales/errors/fr.json';
import shellEn from '../../../../packages/locales/shell/en.json';
import shellFr from '../../../../packages/locales/shell/fr.json';
import { renderAuthPage } from './auth-page';

const resources = {
  fr: { common: commonFr, shell: shellFr, auth: authFr, errors: errorsFr },
  en: { common: commonEn, shell: shellEn, auth: authEn, errors: errorsEn },
};

describe('the prerendered auth page', () => {
  it.each(['fr', 'en'] as const)('renders the whole page in %s, as the SPA does', async (lng) => {
    const html = await renderAuthPage(lng, { [lng]: resources[lng] });
    const page = document.createElement('div');
    page.innerHTML = html;
    // The frame, the carousel's first slide and the sign-up form, with translated texts.
    expect(page.querySelector('header a')?.textContent).toContain(resources[lng].common.appName);
    expect(page.querySelector('main h1')?.textContent).toBe(resources[lng].common.appName);
    expect(page.querySelector('img')?.getAttribute('src')).toMatch(/slide-drums/);
    expect(page.querySelector('input[type="email"]')).not.toBeNull();
    expect(page.querySelector('footer')).not.toBeNull();
    expect(page.textContent).toContain(resources[lng].auth.join);
    // No key left untranslated (i18next would print the key itself).
    expect(page.textContent).not.toMatch(/\b(auth|common|shell):[a-z]/);
  });
});
