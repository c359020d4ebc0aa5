import { useSyncExternalStore } from 'react';

/**
 * The open modal dialogs, the topmost last. While a modal `<dialog>` is open, everything outside
 * it is inert and drawn under its backdrop, whatever its z-index: what must stay in reach above
 * it (toasts, the floating list of a field) is rendered inside the topmost one.
 */
const modals: HTMLElement[] = [];
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Puts `element` on top of the modal layer; the returned function takes it off. */
export function enterModalLayer(element: HTMLElement): () => void {
  modals.push(element);
  notify();
  return () => {
    const index = modals.lastIndexOf(element);
    if (index === -1) return;
    modals.splice(index, 1);
    notify();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function topmost(): HTMLElement | null {
  return modals.at(-1) ?? null;
}

/** The topmost open modal dialog, or null: the element to portal into to stay interactive. */
export function useTopmostModal(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topmost, () => null);
}
