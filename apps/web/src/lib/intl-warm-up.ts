/**
 * Loads the browser's Intl data in a worker (intl-warm-up.worker.ts): the first formatter of each
 * kind a page builds otherwise loads it on the main thread, 10 to 20 ms on a desktop, several
 * times that on a phone, in one task. Once per page; nothing where workers are missing.
 */
export function warmUpIntl(): void {
  if (typeof Worker === 'undefined' || isWarm) return;
  isWarm = true;
  new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { type: 'module' });
}

let isWarm = false;
