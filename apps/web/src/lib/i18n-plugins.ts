import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';

/**
 * The two i18next plugins the app needs, in a few lines each instead of i18next-http-backend and
 * i18next-browser-languagedetector (13 KiB minified, most of it options we do not use): every
 * visitor's first page downloads them (docs/decisions/009-first-page-budget.md).
 */

const YEAR_IN_SECONDS = 60 * 60 * 24 * 365;

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

function readStorage(key: string): string | undefined {
  try {
    return globalThis.localStorage?.getItem(key) ?? undefined;
  } catch {
    // Storage can be disabled (privacy settings); the cookie and the browser still decide.
    return undefined;
  }
}

/**
 * Detection order: the `key` cookie, the `key` storage entry, then the browser's
 * languages. i18next keeps the first supported one (a regional `en-GB` counts as `en`). The
 * choice is cached in both places, as the server reads the cookie to preload the right texts.
 */
export function createLanguageDetector(key: string): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () =>
      [readCookie(key), readStorage(key), ...(globalThis.navigator?.languages ?? [])].filter(
        (language): language is string => Boolean(language),
      ),
    cacheUserLanguage(language) {
      document.cookie = `${key}=${encodeURIComponent(language)}; Max-Age=${YEAR_IN_SECONDS}; Path=/; SameSite=Lax`;
      try {
        globalThis.localStorage?.setItem(key, language);
      } catch {
        // Nothing to do: the cookie holds it.
      }
    },
  };
}

/**
 * Loads `{{ns}}/{{lng}}` from `baseUrl`. The client always revalidates (`no-cache`:
 * the server answers 304 through its ETag); credentials `same-origin` match the `crossorigin`
 * preload the server puts in index.html, so the preloaded answer is used, not fetched twice.
 * A network failure or a 5xx is retried by i18next; a 4xx is final.
 */
export function createHttpBackend(
  baseUrl: string,
  /** The user's time zone, sent as the `Timezone` header like every call to the API. */
  timeZone?: () => string,
): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = `${baseUrl}/${encodeURIComponent(namespace)}/${encodeURIComponent(language)}.json`;
      const headers: Record<string, string> = timeZone ? { Timezone: timeZone() } : {};
      fetch(url, { cache: 'no-cache', credentials: 'same-origin', headers })
        .then(async (response) => {
          if (!response.ok) {
            callback(`failed loading ${url}: ${response.status}`, response.status >= 500);
            return;
          }
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true));
    },
  };
}
