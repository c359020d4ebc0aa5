import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackLanguage, languages } from '@portal/contract';
import { Translator, initI18n } from './i18n';

const fetchMock = vi.fn<typeof fetch>();

async function start(
  browserLanguages: string[],
  pageNamespaces: Parameters<typeof initI18n>[0] = [],
) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  const instance = await initI18n(pageNamespaces, new Translator({ languages, fallbackLanguage }));
  const urls = fetchMock.mock.calls.map(([url]) => String(url)).sort();
  return { instance, urls };
}

describe('i18n start', () => {
  beforeEach(() => {
    document.cookie = 'locale=; Max-Age=0; Path=/';
    localStorage.clear();
    fetchMock.mockImplementation(async () => Response.json({ title: 'x' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
  });

  it('loads common, shell and the page namespaces of the detected language only', async () => {
    const { instance, urls } = await start(['en-GB', 'fr'], ['auth']);
    expect(instance.language).toBe('en');
    expect(urls).toEqual([
      '/api/locales/auth/en.json',
      '/api/locales/common/en.json',
      '/api/locales/shell/en.json',
    ]);
  });

  it('falls back to French for a language the portal does not have', async () => {
    const { instance, urls } = await start(['de-DE']);
    expect(instance.language).toBe('fr');
    expect(urls).toEqual(['/api/locales/common/fr.json', '/api/locales/shell/fr.json']);
  });
});
