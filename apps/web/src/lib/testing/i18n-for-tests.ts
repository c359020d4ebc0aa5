// Test support only (imported by *.test.tsx): the real translation files, loaded synchronously.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import authEn from '../../../../../packages/locales/auth/en.json';
import authFr from '../../../../../packages/locales/auth/fr.json';
import commonEn from '../../../../../packages/locales/common/en.json';
import commonFr from '../../../../../packages/locales/common/fr.json';
import consentEn from '../../../../../packages/locales/consent/en.json';
import consentFr from '../../../../../packages/locales/consent/fr.json';
import errorsEn from '../../../../../packages/locales/errors/en.json';
import errorsFr from '../../../../../packages/locales/errors/fr.json';
import profileEn from '../../../../../packages/locales/profile/en.json';
import profileFr from '../../../../../packages/locales/profile/fr.json';
import shellEn from '../../../../../packages/locales/shell/en.json';
import shellFr from '../../../../../packages/locales/shell/fr.json';

/** The app's i18next instance with real texts in `language`, without the HTTP backend. */
export async function initTestI18n(language: 'fr' | 'en' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'fr',
      supportedLngs: ['fr', 'en'],
      defaultNS: 'common',
      ns: ['common', 'shell', 'consent', 'profile', 'auth', 'errors'],
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      resources: {
        en: {
          common: commonEn,
          shell: shellEn,
          consent: consentEn,
          profile: profileEn,
          auth: authEn,
          errors: errorsEn,
        },
        fr: {
          common: commonFr,
          shell: shellFr,
          consent: consentFr,
          profile: profileFr,
          auth: authFr,
          errors: errorsFr,
        },
      },
    });
  }
  await i18next.changeLanguage(language);
  return i18next;
}
