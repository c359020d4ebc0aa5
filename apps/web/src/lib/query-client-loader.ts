import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

// The app's one query client, created on first need: when the page may have a session (the
// server's hint in index.html) or at sign-in. A visitor's pages never load TanStack Query
// (docs/decisions/009-first-page-budget.md).
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => {
    client = createQueryClient();
    for (const listener of listeners) listener();
    return client;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => client;

/** The query client once it is loaded, else undefined; re-renders when it arrives. */
export function useLoadedQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
