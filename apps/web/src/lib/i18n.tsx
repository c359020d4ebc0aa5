import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { fallbackLanguage, languages, type Language, type Namespace } from '@portal/contract';
import { runtimeSettings } from '@/config/env';
import { API_BASE, timeZone } from './api-client';
import { createTextsLoader, detectLanguages, persistLanguage } from './text-sources';
import { Translator } from './translator';

export type { TFunction, TOptions, Texts } from './translator';
export { Translator } from './translator';

/** Cookie and storage entry where the choice of language is kept. */
export const LOCALE_KEY = 'locale';

/**
 * The app's translator; French for a browser language the portal does not have. Every key exists
 * in both languages (packages/locales/locales.test.ts), so a page's texts come from its language
 * alone.
 */
export const i18n = new Translator({ languages, fallbackLanguage });

/**
 * Detects the language and loads `common`, `shell` and the first page's namespaces; the others
 * load on demand from the API. The client always revalidates (`no-cache`) and the server answers
 * 304 through an ETag, so texts are never stale.
 */
export async function initI18n(
  /** Namespaces the first page needs besides `common` and `shell` (its frame's). */
  pageNamespaces: readonly Namespace[] = [],
  instance: Translator = i18n,
): Promise<Translator> {
  await instance.start([...new Set<Namespace>(['common', 'shell', ...pageNamespaces])], {
    detect: () => detectLanguages(LOCALE_KEY, runtimeSettings.localeCookie),
    persist: (language) => persistLanguage(LOCALE_KEY, language),
    load: createTextsLoader(`${API_BASE}/locales`, timeZone),
  });
  const syncDocumentLanguage = () => {
    if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  };
  syncDocumentLanguage();
  instance.subscribe(syncDocumentLanguage);
  return instance;
}

export function currentLanguage(instance: Translator = i18n): Language {
  return instance.language;
}

const TranslatorContext = createContext<Translator>(i18n);

/** Gives the screens below another translator than the app's (prerendering, tests). */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/**
 * `t` for `namespaces` (keys are looked up in them in order; `ns:key` names one) in the current
 * language, and the translator. The component suspends until they are loaded, and renders again
 * in a new language once its texts are.
 */
export function useTranslation(namespaces: Namespace | readonly Namespace[] = 'common') {
  const translator = useContext(TranslatorContext);
  const language = useSyncExternalStore(
    translator.subscribe,
    () => translator.language,
    () => translator.language,
  );
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  if (!translator.hasLoadedNamespaces(list)) {
    // Suspends by throwing the promise, as react-i18next did: React drops the render and does it
    // again once the texts are in. With `use`, React would replay the render with the hooks it had
    // made, which requires the replay to call `use` again, where the texts are loaded.
    throw translator.loadNamespaces(list);
  }
  // The same `t` while the language and the namespaces are (callers pass a new array each time).
  const id = list.join();
  const t = useMemo(
    () => translator.getFixedT(id.split(',') as Namespace[], language),
    [translator, language, id],
  );
  return { t, i18n: translator };
}
