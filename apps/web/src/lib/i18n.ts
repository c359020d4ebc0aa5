import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languages, type Language, type Namespace } from '@portal/contract';
import { API_BASE, timeZone } from './api-client';
import { createHttpBackend, createLanguageDetector } from './i18n-plugins';

/** Tags a translation may keep; `Trans` renders them, everything else is text. */
export const allowedTags = ['b', 'br', 'strong', 'i', 'ul', 'ol', 'li', 'p'];

/** Cookie and storage entry where the choice of language is kept. */
export const LOCALE_KEY = 'locale';

/**
 * i18next with namespaces loaded on demand from the API. The client always revalidates
 * (`no-cache`) and the server answers 304 through an ETag, so texts are never stale.
 */
export async function initI18n(
  /** Namespaces the first page needs besides `common` and `shell` (its frame's). */
  pageNamespaces: readonly Namespace[] = [],
  instance: I18n = i18next,
): Promise<I18n> {
  await instance
    .use(createHttpBackend(`${API_BASE}/locales`, timeZone))
    .use(createLanguageDetector(LOCALE_KEY))
    .use(initReactI18next)
    .init({
      supportedLngs: [...languages],
      // French for an unsupported browser language; English texts need no French
      // behind them (every key exists in both, packages/locales/locales.test.ts), so an English
      // page does not download the French files too.
      fallbackLng: { en: [], default: [fallbackLanguage] },
      load: 'languageOnly',
      ns: [...new Set<Namespace>(['common', 'shell', ...pageNamespaces])],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: {
        useSuspense: true,
        transKeepBasicHtmlNodesFor: allowedTags,
      },
    });
  syncDocumentLanguage(instance.resolvedLanguage);
  instance.on('languageChanged', syncDocumentLanguage);
  return instance;
}

function syncDocumentLanguage(language: string | undefined): void {
  if (typeof document !== 'undefined' && language) document.documentElement.lang = language;
}

export function currentLanguage(instance: I18n = i18next): Language {
  return instance.resolvedLanguage === 'en' ? 'en' : 'fr';
}
