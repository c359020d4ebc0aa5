/** Toasts close by themselves after 5000 ms unless told otherwise. */
export const DEFAULT_AUTO_CLOSE_MS = 5000;
/** A closed toast stays 200 ms for its removal animation, then leaves. */
export const TOAST_REMOVAL_MS = 200;

export type ToastType = 'success' | 'warning' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  type: ToastType;
  /** Milliseconds before it closes by itself; 0 or less keeps it until closed. Default 5000. */
  autoClose?: number;
  /** Reuse an id to replace a toast that is still shown instead of stacking a copy. */
  id?: string;
}

export interface Toast {
  id: string;
  title: string;
  description?: string;
  type: ToastType;
  autoClose: number;
  /** `closing` during the removal animation. */
  state: 'open' | 'closing';
}

export interface Toaster {
  /** Shows a toast and returns its id. */
  show(toast: ToastInput): string;
  /** Starts the removal animation, then removes the toast. */
  dismiss(id: string): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly Toast[];
}

/**
 * A framework-agnostic toast store: the app's error handling can call `show()` outside React,
 * and `<ToastRegion>` renders it through `useSyncExternalStore`.
 */
export function createToaster(options: { removalMs?: number } = {}): Toaster {
  const removalMs = options.removalMs ?? TOAST_REMOVAL_MS;
  let toasts: readonly Toast[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  const emit = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };

  return {
    show(input) {
      counter += 1;
      const id = input.id ?? `toast-${counter}`;
      const toast: Toast = {
        id,
        title: input.title,
        description: input.description,
        type: input.type,
        autoClose: input.autoClose ?? DEFAULT_AUTO_CLOSE_MS,
        state: 'open',
      };
      const pending = removalTimers.get(id);
      if (pending) {
        clearTimeout(pending);
        removalTimers.delete(id);
      }
      const exists = toasts.some((t) => t.id === id);
      emit(exists ? toasts.map((t) => (t.id === id ? toast : t)) : [...toasts, toast]);
      return id;
    },
    dismiss(id) {
      const target = toasts.find((t) => t.id === id);
      if (!target || target.state === 'closing') return;
      emit(toasts.map((t) => (t.id === id ? { ...t, state: 'closing' } : t)));
      removalTimers.set(
        id,
        setTimeout(() => {
          removalTimers.delete(id);
          emit(toasts.filter((t) => t.id !== id));
        }, removalMs),
      );
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => toasts,
  };
}
