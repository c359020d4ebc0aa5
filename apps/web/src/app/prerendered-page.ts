import { useLayoutEffect } from 'react';
import { whenFirstScreenIsReady } from '@/lib/first-screen';

/**
 * The page the server put in the HTML before the scripts (the auth page of a first visit,
 * apps/server/src/http/spa.ts): shown at once, inert, while the SPA renders into a hidden root.
 * When the SPA's page is there, the two swap before the next paint: same markup, so nothing
 * moves, and nothing typed is lost (the prerendered page takes no input).
 */
export function revealApp(): void {
  const prerendered = document.getElementById('prerendered');
  if (!prerendered) return;
  prerendered.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}

/**
 * Rendered with a page's content: once it is in the document, and the parts drawn apart from it
 * (lib/first-screen.ts) are too, the SPA takes over the screen.
 */
export function RevealApp(): null {
  useLayoutEffect(() => whenFirstScreenIsReady(revealApp), []);
  return null;
}

/** However the start goes (a failed script, a slow network), the SPA shows by then. */
export const REVEAL_AT_THE_LATEST_MS = 10_000;
