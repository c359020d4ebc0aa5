import type { BackendModule, LanguageDetectorModule } from 'i18next';
import { languageOfTag, type Language, type Texts } from '@portal/contract';

/** Where i18next finds the user's language and keeps the choice, and how it loads texts. */

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
 * The languages to try, in order: the `key` cookie, the `key` storage entry, then the browser's
 * languages (the detector keeps the first supported one; a regional `en-GB` counts as `en`).
 * The cookie is read from the page's settings where the server wrote it (`fromServer`, null when
 * the request had none): the first read of `document.cookie` blocks the page for milliseconds.
 */
export function detectLanguages(key: string, fromServer?: Language | null): string[] {
  const cookie = fromServer === undefined ? readCookie(key) : fromServer;
  return [cookie, readStorage(key), ...(globalThis.navigator?.languages ?? [])].filter(
    (language): language is string => Boolean(language),
  );
}

/** Keeps `language` in both places: the server reads the cookie to preload the right texts. */
export function persistLanguage(key: string, language: Language): void {
  document.cookie = `${key}=${encodeURIComponent(language)}; Max-Age=${YEAR_IN_SECONDS}; Path=/; SameSite=Lax`;
  try {
    globalThis.localStorage?.setItem(key, language);
  } catch {
    // Nothing to do: the cookie holds it.
  }
}

/** A failure worth trying again: the network, or the server (5xx); a 4xx is final. */
class TextsLoadError extends Error {
  constructor(
    message: string,
    readonly isTransient: boolean,
  ) {
    super(message);
  }
}

/**
 * i18next's back end for the portal's texts: reads `{{namespace}}/{{language}}.json` from
 * `baseUrl`. The client always revalidates (`no-cache`: the server answers 304 through its ETag);
 * credentials `same-origin` match the `crossorigin` preload the server puts in index.html, so the
 * preloaded answer is used, not fetched twice. A network error or a 5xx is reported as worth
 * trying again, which i18next does five times, after 350 ms then twice as long each time; after
 * that, or at once on a 4xx, the namespace stays empty and its keys show.
 */
export function createTextsBackend(
  baseUrl: string,
  /** The user's time zone, sent as the `Timezone` header like every call to the API. */
  timeZone?: () => string,
): BackendModule {
  async function read(url: string): Promise<Texts> {
    const headers: Record<string, string> = timeZone ? { Timezone: timeZone() } : {};
    const response = await fetch(url, {
      cache: 'no-cache',
      credentials: 'same-origin',
      headers,
    }).catch((error: unknown) => {
      throw new TextsLoadError(`failed loading ${url}: ${String(error)}`, true);
    });
    if (!response.ok) {
      throw new TextsLoadError(`failed loading ${url}: ${response.status}`, response.status >= 500);
    }
    return (await response.json()) as Texts;
  }

  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language, namespace, callback) {
      const url = `${baseUrl}/${encodeURIComponent(namespace)}/${encodeURIComponent(language)}.json`;
      read(url).then(
        (texts) => callback(null, texts),
        (error: unknown) =>
          callback(
            error instanceof Error ? error : String(error),
            error instanceof TextsLoadError && error.isTransient,
          ),
      );
    },
  };
}

/**
 * i18next's language detector for the portal: the first of `detectLanguages` the portal has
 * (`en-GB` counts as `en`), else `fallback`; the choice is kept by `persistLanguage`.
 */
export function createLanguageDetector(
  key: string,
  /** The cookie's language as the server read it (see `detectLanguages`). */
  fromServer: () => Language | null | undefined,
  fallback: Language,
): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => supportedLanguage(detectLanguages(key, fromServer()), fallback),
    cacheUserLanguage: (language) => persistLanguage(key, supportedLanguage([language], fallback)),
  };
}

/** The first of `candidates` the portal has (`en-GB` counts as `en`), else `fallback`. */
export function supportedLanguage(candidates: readonly string[], fallback: Language): Language {
  for (const candidate of candidates) {
    const language = languageOfTag(candidate);
    if (language) return language;
  }
  return fallback;
}
