import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { defaultRules, type RawRule } from '@portal/contract';

export { defaultRules, type RawRule };

/** Fixed local-storage key of the app store (spec §3). */
export const APP_STORE_KEY = 'portal-app-store';

export interface StoredUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
}

export interface AppState {
  user: StoredUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  rules: RawRule[];
  /** Setting the user resets the ability to the default (spec §4). */
  setUser(user: StoredUser | null): void;
  /** The session query succeeded: authenticated, default ability, loading over (spec §4). */
  markAuthenticated(user: StoredUser, rules?: RawRule[]): void;
  /** The session query failed or the user signed out. */
  markSignedOut(): void;
}

export function createAppStore(storage: Storage | undefined = globalThis.localStorage) {
  return createStore<AppState>()(
    persist(
      (set) => ({
        user: null,
        isLoading: true,
        isAuthenticated: false,
        rules: [],
        setUser: (user) => set({ user, rules: defaultRules }),
        markAuthenticated: (user, rules = defaultRules) =>
          set({ user, rules, isAuthenticated: true, isLoading: false }),
        markSignedOut: () =>
          set({ user: null, rules: [], isAuthenticated: false, isLoading: false }),
      }),
      {
        name: APP_STORE_KEY,
        version: 0,
        storage: createJSONStorage(() => storage ?? sessionStorageFallback()),
        // Only the user is persisted; loading, authentication and ability are never trusted from storage.
        partialize: (state) => ({ user: state.user }),
      },
    ),
  );
}

function sessionStorageFallback(): Storage {
  const memory = new Map<string, string>();
  return {
    get length() {
      return memory.size;
    },
    clear: () => memory.clear(),
    getItem: (key) => memory.get(key) ?? null,
    key: (index) => [...memory.keys()][index] ?? null,
    removeItem: (key) => void memory.delete(key),
    setItem: (key, value) => void memory.set(key, value),
  };
}

export const appStore = createAppStore();

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
