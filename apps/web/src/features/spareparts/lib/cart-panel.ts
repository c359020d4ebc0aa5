import { useSyncExternalStore } from 'react';

/**
 * Whether the cart panel is open. A tiny store rather than a URL parameter: the cart opens over
 * any screen (from the header's badge or the command palette) without navigating.
 */
let isOpen = false;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (isOpen === next) return;
  isOpen = next;
  for (const listener of listeners) listener();
}

export const openCartPanel = () => set(true);
export const closeCartPanel = () => set(false);
export const isCartPanelOpen = () => isOpen;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => isOpen;

export function useIsCartPanelOpen(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
