import { fallbackLanguage, languages, type Language } from '@portal/contract';

/**
 * The language a request is read in, everywhere the server needs one (the SPA's first page, a new
 * user's language): the same choice the SPA's detector makes (apps/web/src/lib/i18n-plugins.ts).
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
  const fromCookie = languageOfTag(cookieValue(headers.cookie ?? '', 'locale'));
  if (fromCookie) return fromCookie;
  const preferences = (headers['accept-language'] ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { language: languageOfTag(tag), quality: Number.isNaN(quality) ? 0 : quality, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return preferences.find((entry) => entry.language)?.language ?? fallbackLanguage;
}

/** `en`, `EN`, `en-GB` and `en_GB` are English; anything else that is not ours is nothing. */
function languageOfTag(tag: string | undefined): Language | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return languages.find((language) => language === primary);
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
