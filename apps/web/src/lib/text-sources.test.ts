import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { createTextsBackend, detectLanguages, persistLanguage } from './text-sources';

function clearCookie(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('language detection', () => {
  beforeEach(() => {
    clearCookie('locale');
    localStorage.clear();
  });

  it('lists the cookie first, then the storage entry, then the browser languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-GB']);
    document.cookie = 'locale=en; Path=/';
    localStorage.setItem('locale', 'fr');
    expect(detectLanguages('locale')).toEqual(['en', 'fr', 'de-DE', 'en-GB']);
    clearCookie('locale');
    expect(detectLanguages('locale')).toEqual(['fr', 'de-DE', 'en-GB']);
    localStorage.clear();
    expect(detectLanguages('locale')).toEqual(['de-DE', 'en-GB']);
    vi.restoreAllMocks();
  });

  it("takes the cookie's language from the server's reading, without reading the cookies", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const cookieRead = vi.spyOn(Document.prototype, 'cookie', 'get');
    localStorage.setItem('locale', 'fr');
    expect(detectLanguages('locale', 'en')).toEqual(['en', 'fr', 'de-DE']);
    expect(detectLanguages('locale', null)).toEqual(['fr', 'de-DE']);
    expect(cookieRead).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('keeps the choice in the cookie and the storage entry', () => {
    persistLanguage('locale', 'en');
    expect(document.cookie).toContain('locale=en');
    expect(localStorage.getItem('locale')).toBe('en');
  });
});

describe('texts back end', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  /** An i18next with the back end, trying a failed read again after 1 ms (350 in the app). */
  async function load(language: string, namespace: string) {
    const instance = i18next.createInstance();
    await instance.use(createTextsBackend('/api/locales', () => 'America/Montreal')).init({
      lng: language,
      fallbackLng: false,
      ns: [namespace],
      retryTimeout: 1,
    });
    return instance.getResourceBundle(language, namespace) as unknown;
  }

  it('reads /api/locales/{ns}/{lng}.json, always revalidating, with same-origin credentials and the Timezone header', async () => {
    fetchMock.mockResolvedValue(Response.json({ hello: 'Bonjour' }));
    await expect(load('fr', 'common')).resolves.toEqual({ hello: 'Bonjour' });
    expect(fetchMock).toHaveBeenCalledWith('/api/locales/common/fr.json', {
      cache: 'no-cache',
      credentials: 'same-origin',
      headers: { Timezone: 'America/Montreal' },
    });
  });

  it('has a 5xx or a network failure tried again, five times', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ hello: 'Hello' }));
    await expect(load('en', 'common')).resolves.toEqual({ hello: 'Hello' });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await expect(load('en', 'common')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1 + 5);
  });

  it('does not try a 4xx again', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await expect(load('fr', 'nowhere')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
