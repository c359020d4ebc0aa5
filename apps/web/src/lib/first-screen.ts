/**
 * The swap from the page the server painted to the SPA's waits for every part of that page the
 * SPA draws later than its route (the consent pop-up comes from a chunk of its own): each such
 * part holds the swap until it is drawn, so nothing on screen blinks out and back in.
 */
const holds = new Set<string>();
let pendingSwap: (() => void) | undefined;

export function holdFirstScreen(part: string): void {
  holds.add(part);
}

export function releaseFirstScreen(part: string): void {
  holds.delete(part);
  if (holds.size > 0 || !pendingSwap) return;
  const swap = pendingSwap;
  pendingSwap = undefined;
  swap();
}

/** Runs `swap` now, or when the last held part is released. */
export function whenFirstScreenIsReady(swap: () => void): void {
  if (holds.size === 0) swap();
  else pendingSwap = swap;
}
