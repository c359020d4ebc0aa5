/** The caches of the service worker, shared with the pages that read a cached answer's date. */
export const pagesCache = 'portal-pages';
export const assetsCache = 'portal-assets';
export const readsCache = 'portal-reads';

/** The message a page sends its service worker with the addresses it loaded before control. */
export const CACHE_VISITED_MESSAGE = 'cache-visited';

/**
 * The API reads kept for offline use: the session's profile and the data screens. Never the
 * sign-in and session calls besides the profile, the live stream, documents or exports, and
 * never a call that changes anything (only GETs reach this rule).
 */
export function isCachedRead(url: URL): boolean {
  if (!url.pathname.startsWith('/api/')) return false;
  if (url.pathname === '/api/users/me') return true;
  return /^\/api\/(refill|catalog|spareparts|notifications|locales)\//.test(url.pathname);
}
