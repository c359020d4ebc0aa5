import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAllPages, pagePath } from './paged-list';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('paged lists', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ask for a page by offset and limit, after any query the path has', () => {
    expect(pagePath('/refill/requests', 50)).toBe('/refill/requests?offset=50');
    expect(pagePath('/spareparts/quotes?lang=fr', 0, 200)).toBe(
      '/spareparts/quotes?lang=fr&offset=0&limit=200',
    );
  });

  it('read a whole list page by page, and stop at an answer that names no next page', async () => {
    const pages = [{ items: [1, 2], nextOffset: 2 }, { items: [3], nextOffset: 3 }, { items: [4] }];
    const fetchMock = vi.fn(async (_url: string) => json(pages.shift()));
    vi.stubGlobal('fetch', fetchMock);
    const all = await fetchAllPages<{ items: number[]; nextOffset: number | null }, number>(
      '/things',
      (page) => page.items,
    );
    expect(all).toEqual([1, 2, 3, 4]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/things?offset=0&limit=200',
      '/api/things?offset=2&limit=200',
      '/api/things?offset=3&limit=200',
    ]);
  });
});
