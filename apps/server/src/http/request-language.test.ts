import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language';

describe('requestLanguage', () => {
  it.each([
    ['nothing at all', undefined, undefined, 'fr'],
    ['the cookie', 'locale=en', undefined, 'en'],
    ['the cookie over the header', 'locale=fr', 'en', 'fr'],
    ['a regional cookie', 'locale=en-GB', 'fr', 'en'],
    ['an upper-case cookie', 'locale=EN', undefined, 'en'],
    ['an encoded cookie', 'locale=en%2DGB', undefined, 'en'],
    ['a quoted cookie', 'locale="en"', undefined, 'en'],
    ['another cookie of a similar name', 'xlocale=en; theme=dark', undefined, 'fr'],
    ['the cookie among others', 'theme=dark; locale=en; consent=1', undefined, 'en'],
    ['an unsupported cookie, then the header', 'locale=de', 'en', 'en'],
    ['a regional header', undefined, 'en-US,en;q=0.9', 'en'],
    ['an upper-case header', undefined, 'EN-gb', 'en'],
    ['an underscore tag', undefined, 'en_GB', 'en'],
    ['the first supported language', undefined, 'de, en;q=0.5, fr;q=0.4', 'en'],
    ['quality over order', undefined, 'fr;q=0.5, en;q=0.8', 'en'],
    ['ties in the order given', undefined, 'en;q=0.5, fr;q=0.5', 'en'],
    ['a refused language', undefined, 'en;q=0, fr;q=0.1', 'fr'],
    ['a quality that is not a number', undefined, 'en;q=abc, de', 'fr'],
    ['spaces around the parts', undefined, '  de ;  q=1 ,  en ; q=0.7 ', 'en'],
    ['a wildcard only', undefined, '*', 'fr'],
    ['no supported language', undefined, 'de, it;q=0.5', 'fr'],
    ['an empty header', '', '', 'fr'],
  ])('%s', (_case, cookie, acceptLanguage, expected) => {
    expect(requestLanguage({ cookie, 'accept-language': acceptLanguage })).toBe(expected);
  });
});
