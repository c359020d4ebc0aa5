// Test support only (imported by *.test.tsx): the real translation files, loaded synchronously.
import { i18n } from '@/lib/i18n';
import auditEn from '../../../../../packages/locales/audit/en.json';
import auditFr from '../../../../../packages/locales/audit/fr.json';
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

const texts = {
  en: {
    common: commonEn,
    shell: shellEn,
    consent: consentEn,
    profile: profileEn,
    auth: authEn,
    errors: errorsEn,
    audit: auditEn,
  },
  fr: {
    common: commonFr,
    shell: shellFr,
    consent: consentFr,
    profile: profileFr,
    auth: authFr,
    errors: errorsFr,
    audit: auditFr,
  },
};

/** The app's i18next with real texts in `language`, without loading them over HTTP. */
export async function initTestI18n(language: 'fr' | 'en' = 'en') {
  for (const [lng, namespaces] of Object.entries(texts)) {
    for (const [namespace, namespaceTexts] of Object.entries(namespaces)) {
      i18n.addResourceBundle(lng, namespace, namespaceTexts);
    }
  }
  await i18n.changeLanguage(language);
  return i18n;
}
