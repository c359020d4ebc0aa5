import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation as useI18nextTranslation } from 'react-i18next';
import {
  fallbackLanguage,
  languageOfTag,
  languages,
  type Language,
  type Namespace,
} from '@portal/contract';
import { runtimeSettings } from '@/config/env';
import { API_BASE, timeZone } from './api-client';
import { createLanguageDetector, createTextsBackend } from './text-sources';

export type { i18n as I18n, TFunction, TOptions } from 'i18next';
export type { Texts } from '@portal/contract';
export { I18nextProvider, Trans } from 'react-i18next';

/** Cookie and storage entry where the choice of language is kept. */
export const LOCALE_KEY = 'locale';

/**
 * The tags a translated text may keep: `Trans` renders them as elements (without attributes),
 * any other tag as its text, and values are filled in as text.
 */
export const textTags = ['b', 'br', 'strong', 'i', 'ul', 'ol', 'li', 'p'];

/**
 * The options of every i18next instance of the app (the browser's, the build's prerendering,
 * tests). A key without a namespace is looked up in each namespace of `useTranslation` in order,
 * and every key exists in both languages (packages/locales/locales.test.ts), so a page's texts
 * come from its language alone: no fallback language is loaded.
 */
export const i18nOptions = {
  supportedLngs: languages,
  fallbackLng: false,
  ns: [],
  defaultNS: 'common',
  // React escapes what it renders; `Trans` escapes the values it fills in before reading tags.
  interpolation: { escapeValue: false },
  react: {
    nsMode: 'fallback',
    transSupportBasicHtmlNodes: true,
    transKeepBasicHtmlNodesFor: textTags,
  },
} as const satisfies InitOptions;

/**
 * The app's i18next; French for a browser language the portal does not have. `initI18n` starts
 * it in the browser; the tests' setup starts it with no texts, so a key shows as it is.
 */
export const i18n: I18n = i18next.createInstance().use(initReactI18next);

/**
 * Detects the language and loads `common`, `shell` and the first page's namespaces; the others
 * load on demand from the API. The client always revalidates (`no-cache`) and the server answers
 * 304 through an ETag, so texts are never stale.
 */
export async function initI18n(
  /** Namespaces the first page needs besides `common` and `shell` (its frame's). */
  pageNamespaces: readonly Namespace[] = [],
  instance: I18n = i18n,
): Promise<I18n> {
  const syncDocumentLanguage = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage(instance);
  };
  instance.on('languageChanged', syncDocumentLanguage);
  await instance
    .use(createTextsBackend(`${API_BASE}/locales`, timeZone))
    .use(createLanguageDetector(LOCALE_KEY, () => runtimeSettings.localeCookie, fallbackLanguage))
    .init({
      ...i18nOptions,
      ns: [...new Set<Namespace>(['common', 'shell', ...pageNamespaces])],
      // The texts' requests start now, not a task later.
      initAsync: false,
    });
  return instance;
}

export function currentLanguage(instance: I18n = i18n): Language {
  return languageOfTag(instance.language) ?? fallbackLanguage;
}

/**
 * `t` for `namespaces` (keys are looked up in them in order; `ns:key` names one) in the current
 * language, and the i18next instance. The component suspends until they are loaded, and renders
 * again in a new language once its texts are.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common') {
  const { t, i18n: instance } = useI18nextTranslation(namespaces);
  return { t, i18n: instance };
}
