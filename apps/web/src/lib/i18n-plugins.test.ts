import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpBackend, createLanguageDetector } from './i18n-plugins';

function clearCookie(name: string) {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('language detector', () => {
  beforeEach(() => {
    clearCookie('locale');
    localStorage.clear();
  });

  it('lists the cookie first, then the storage entry, then the browser languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-GB']);
    document.cookie = 'locale=en; Path=/';
    localStorage.setItem('locale', 'fr');
    expect(createLanguageDetector('locale').detect()).toEqual(['en', 'fr', 'de-DE', 'en-GB']);
    clearCookie('locale');
    expect(createLanguageDetector('locale').detect()).toEqual(['fr', 'de-DE', 'en-GB']);
    localStorage.clear();
    expect(createLanguageDetector('locale').detect()).toEqual(['de-DE', 'en-GB']);
    vi.restoreAllMocks();
  });

  it('caches the choice in the cookie and the storage entry', () => {
    createLanguageDetector('locale').cacheUserLanguage?.('en');
    expect(document.cookie).toContain('locale=en');
    expect(localStorage.getItem('locale')).toBe('en');
  });
});

describe('HTTP backend', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const read = (language: string, namespace: string) =>
    new Promise<[unknown, unknown]>((resolve) => {
      createHttpBackend('/api/locales', () => 'America/Montreal').read(
        language,
        namespace,
        (error, data) => resolve([error, data]),
      );
    });

  it('reads /api/locales/{ns}/{lng}.json, always revalidating, with same-origin credentials and the Timezone header', async () => {
    fetchMock.mockResolvedValue(Response.json({ hello: 'Bonjour' }));
    await expect(read('fr', 'common')).resolves.toEqual([null, { hello: 'Bonjour' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/locales/common/fr.json', {
      cache: 'no-cache',
      credentials: 'same-origin',
      headers: { Timezone: 'America/Montreal' },
    });
  });

  it('lets i18next retry a 5xx or a network failure, but not a 4xx', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }));
    const [serverError, retryServer] = await read('fr', 'common');
    expect(serverError).toMatch(/503/);
    expect(retryServer).toBe(true);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const [networkError, retryNetwork] = await read('fr', 'common');
    expect(networkError).toMatch(/Failed to fetch/);
    expect(retryNetwork).toBe(true);

    fetchMock.mockResolvedValueOnce(new Response('', { status: 404 }));
    const [notFound, retryNotFound] = await read('xx', 'common');
    expect(notFound).toMatch(/404/);
    expect(retryNotFound).toBe(false);
  });
});
