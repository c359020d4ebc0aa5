import type { Language, Namespace } from '@portal/contract';
import type { Texts } from './translator';

/** Where the translator finds the user's language and keeps the choice, and how it loads texts. */

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
 * languages (the translator keeps the first supported one; a regional `en-GB` counts as `en`).
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

/** A failed read is tried again this many times, after 350 ms, then twice as long each time. */
export const LOAD_RETRIES = 5;
const FIRST_RETRY_MS = 350;

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
 * Loads `{{namespace}}/{{language}}.json` from `baseUrl`. The client always revalidates
 * (`no-cache`: the server answers 304 through its ETag); credentials `same-origin` match the
 * `crossorigin` preload the server puts in index.html, so the preloaded answer is used, not
 * fetched twice.
 */
export function createTextsLoader(
  baseUrl: string,
  /** The user's time zone, sent as the `Timezone` header like every call to the API. */
  timeZone?: () => string,
  retryAfterMs = FIRST_RETRY_MS,
): (language: Language, namespace: Namespace) => Promise<Texts> {
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

  return async (language, namespace) => {
    const url = `${baseUrl}/${encodeURIComponent(namespace)}/${encodeURIComponent(language)}.json`;
    for (let retry = 0; ; retry += 1) {
      try {
        return await read(url);
      } catch (error) {
        const isTransient = error instanceof TextsLoadError && error.isTransient;
        if (!isTransient || retry === LOAD_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs * 2 ** retry));
      }
    }
  };
}
