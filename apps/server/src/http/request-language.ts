import { fallbackLanguage, languageOfTag, type Language } from '@portal/contract';

/**
 * The language a request is read in, everywhere the server needs one (the SPA's first page, a new
 * user's language): the same choice the SPA's detector makes (apps/web/src/lib/text-sources.ts).
 * 1. the `locale` cookie the SPA writes, a regional tag (`en-GB`) counting as its language;
 * 2. else the first supported language of Accept-Language, by quality, ties in the order given,
 *    a language refused with `q=0` or given a quality that is not a number left out;
 * 3. else French.
 * (The detector also reads localStorage, which the server cannot see; the SPA writes the cookie
 * alongside it, so they agree.)
 */
export function requestLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): Language {
  return browserLanguage(headers) ?? fallbackLanguage;
}

/**
 * The language the browser asks for (steps 1 and 2 above), or undefined when it asks for none
 * the portal has: then a language already known (a person's own) is not to be replaced.
 */
export function browserLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): Language | undefined {
  return cookieLanguage(headers) ?? firstAcceptedLanguage(headers['accept-language']);
}

/** The first supported language of an Accept-Language header, else French. */
export function acceptedLanguage(header: string | undefined): Language {
  return firstAcceptedLanguage(header) ?? fallbackLanguage;
}

function firstAcceptedLanguage(header: string | undefined): Language | undefined {
  const preferences = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { language: languageOfTag(tag), quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return preferences.find((entry) => entry.language)?.language;
}

/** The language of the request's `locale` cookie: the one the user chose, if any. */
export function cookieLanguage(headers: { cookie?: string | undefined }): Language | undefined {
  return languageOfTag(cookieValue(headers.cookie ?? '', 'locale'));
}

function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    const raw = value.join('=').replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
