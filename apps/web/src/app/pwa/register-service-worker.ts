import { CACHE_VISITED_MESSAGE } from './cache-rules';

/**
 * Registers the service worker (the build's `/sw.js`), then hands it what this page loaded
 * before it took control: the page, its scripts and styles, its API reads. So the app opens
 * without signal after one visit, not two. Called once the page has loaded, from the signed-in
 * frame: no first render waits on it, and the visitor's pages never load it.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  const loaded = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(location.origin));
  worker?.postMessage({ type: CACHE_VISITED_MESSAGE, urls: [location.href, ...loaded] });
}
