/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  READINGS_SENT_MESSAGE,
  SEND_READINGS_TAG,
  sendWaitingReadings,
} from '../../features/refill/lib/pending-readings';
import {
  CACHE_VISITED_MESSAGE,
  isCachedRead,
  pagesCache,
  assetsCache,
  readsCache,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The icons and manifests (the build lists them); the app's code is kept as it is visited.
precacheAndRoute(self.__WB_MANIFEST);
void self.skipWaiting();
clientsClaim();

// A page's address answers the server's HTML while there is signal, the last one kept without.
const pages = new NetworkFirst({ cacheName: pagesCache, networkTimeoutSeconds: 5 });
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      // A page never opened here: any page of the app will do, its router reads the address.
      const cache = await caches.open(pagesCache);
      const [anyPage] = await cache.keys();
      const kept = anyPage ? await cache.match(anyPage, { ignoreVary: true }) : undefined;
      return kept ?? Response.error();
    }
  },
);

// Hashed, never changing: the entry, the shell and each visited page's chunks, styles and fonts.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: assetsCache,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 })],
  }),
);

// The last data seen, dated by its answer's Date header: GET reads only, never a sign-in.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isCachedRead(url),
  new NetworkFirst({
    cacheName: readsCache,
    networkTimeoutSeconds: 8,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// What a page loaded before this worker controlled it (its first visit), kept as if seen here.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | undefined;
  if (data?.type !== CACHE_VISITED_MESSAGE || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string');
  event.waitUntil(
    Promise.all(
      urls.map(async (address) => {
        const url = new URL(address, self.location.origin);
        if (url.origin !== self.location.origin) return;
        const cacheName = url.pathname.startsWith('/assets/')
          ? assetsCache
          : isCachedRead(url)
            ? readsCache
            : url.pathname.startsWith('/api/')
              ? undefined
              : pagesCache;
        if (!cacheName) return;
        const cache = await caches.open(cacheName);
        if (await cache.match(url.href, { ignoreVary: true })) return;
        const response = await fetch(url.href, { credentials: 'include' });
        if (response.ok) await cache.put(url.href, response);
      }),
    ),
  );
});

// The readings taken without signal, sent when it returns.
self.addEventListener(
  'sync',
  (event: Event & { tag?: string; waitUntil?: (p: Promise<unknown>) => void }) => {
    if (event.tag !== SEND_READINGS_TAG) return;
    event.waitUntil?.(
      sendWaitingReadings().then(async (result) => {
        const windows = await self.clients.matchAll({ type: 'window' });
        for (const client of windows)
          client.postMessage({ type: READINGS_SENT_MESSAGE, ...result });
      }),
    );
  },
);
