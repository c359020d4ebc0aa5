import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOAD_RETRIES, createTextsLoader, detectLanguages, persistLanguage } from './text-sources';

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

describe('texts loader', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const load = createTextsLoader('/api/locales', () => 'America/Montreal', 1);

  it('reads /api/locales/{ns}/{lng}.json, always revalidating, with same-origin credentials and the Timezone header', async () => {
    fetchMock.mockResolvedValue(Response.json({ hello: 'Bonjour' }));
    await expect(load('fr', 'common')).resolves.toEqual({ hello: 'Bonjour' });
    expect(fetchMock).toHaveBeenCalledWith('/api/locales/common/fr.json', {
      cache: 'no-cache',
      credentials: 'same-origin',
      headers: { Timezone: 'America/Montreal' },
    });
  });

  it('tries a 5xx or a network failure again, a few times', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ hello: 'Hello' }));
    await expect(load('en', 'common')).resolves.toEqual({ hello: 'Hello' });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await expect(load('en', 'common')).rejects.toThrow(/502/);
    expect(fetchMock).toHaveBeenCalledTimes(1 + LOAD_RETRIES);
  });

  it('does not try a 4xx again', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    await expect(load('fr', 'nowhere' as 'common')).rejects.toThrow(/404/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
