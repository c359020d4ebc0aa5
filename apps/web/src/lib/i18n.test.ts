import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n';

const fetchMock = vi.fn<typeof fetch>();

async function start(
  browserLanguages: string[],
  pageNamespaces: Parameters<typeof initI18n>[0] = [],
) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browserLanguages);
  const instance = await initI18n(pageNamespaces, i18next.createInstance());
  const urls = fetchMock.mock.calls.map(([url]) => String(url)).sort();
  return { instance, urls };
}

/** Answers each text file with its language and namespace, `{ hello: 'en common' }`. */
function answerTexts() {
  fetchMock.mockImplementation(async (url) => {
    const [, namespace, language] = /\/([a-z]+)\/([a-z]+)\.json$/.exec(String(url))!;
    return Response.json({ hello: `${language} ${namespace}` });
  });
}

describe('i18n start', () => {
  beforeEach(() => {
    document.cookie = 'locale=; Max-Age=0; Path=/';
    localStorage.clear();
    answerTexts();
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
    expect(instance.t('auth:hello')).toBe('en auth');
    expect(document.documentElement.lang).toBe('en');
  });

  it('takes the first browser language the portal has, a regional one included', async () => {
    const { instance } = await start(['de-DE', 'EN-gb', 'fr']);
    expect(instance.language).toBe('en');
  });

  it('falls back to French for a language the portal does not have', async () => {
    const { instance, urls } = await start(['de-DE']);
    expect(instance.language).toBe('fr');
    expect(urls).toEqual(['/api/locales/common/fr.json', '/api/locales/shell/fr.json']);
  });

  it('prefers the cookie to the storage entry, and the storage entry to the browser', async () => {
    localStorage.setItem('locale', 'en');
    expect((await start(['fr'])).instance.language).toBe('en');
    document.cookie = 'locale=fr; Path=/';
    expect((await start(['en'])).instance.language).toBe('fr');
  });

  it('keeps the detected language in the cookie and the storage entry', async () => {
    await start(['en']);
    expect(document.cookie).toContain('locale=en');
    expect(localStorage.getItem('locale')).toBe('en');
  });

  it('loads a namespace once, however many ask for it at once', async () => {
    const { instance } = await start(['en']);
    fetchMock.mockClear();
    await Promise.all([
      instance.loadNamespaces(['refill', 'errors']),
      instance.loadNamespaces('refill'),
    ]);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/refill/'))).toHaveLength(
      1,
    );
  });

  it('shows the keys of a namespace that failed to load, without failing', async () => {
    const { instance } = await start(['en']);
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await instance.loadNamespaces('refill');
    expect(instance.hasLoadedNamespace('refill')).toBe(true);
    expect(instance.t('refill:hello')).toBe('hello');
  });

  it('changes language once the namespaces in use are loaded in it, and keeps the choice', async () => {
    const { instance } = await start(['en'], ['refill']);
    const seen: string[] = [];
    instance.on('languageChanged', () => seen.push(instance.t('refill:hello')));
    const change = instance.changeLanguage('fr');
    expect(instance.language).toBe('en');
    await change;
    expect(instance.language).toBe('fr');
    expect(seen).toEqual(['fr refill']);
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('locale')).toBe('fr');
  });

  it('shows the language asked for last when two changes overlap', async () => {
    const { instance } = await start(['fr']);
    const englishAnswers: Array<() => void> = [];
    fetchMock.mockImplementation(
      (url) =>
        new Promise<Response>((resolve) => {
          if (String(url).endsWith('/en.json')) {
            englishAnswers.push(() => resolve(Response.json({ hello: 'hi' })));
          } else resolve(Response.json({ hello: 'salut' }));
        }),
    );
    const toEnglish = instance.changeLanguage('en');
    const backToFrench = instance.changeLanguage('fr');
    await backToFrench;
    expect(englishAnswers).toHaveLength(2);
    for (const answer of englishAnswers) answer();
    await toEnglish;
    expect(instance.language).toBe('fr');
    expect(localStorage.getItem('locale')).toBe('fr');
  });
});
