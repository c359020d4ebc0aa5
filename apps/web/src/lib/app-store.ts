import { createStore, useStore } from 'zustand';
import { defaultRules, type RawRule } from '@portal/contract';

export { defaultRules, type RawRule };

/** Fixed local-storage key of the app store. */
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
  /** Setting the user resets the ability to the default. */
  setUser(user: StoredUser | null): void;
  /**
   * The session query succeeded. In the order the session rules give: the user is set (which
   * resets the ability to the default), then the session is authenticated with its ability and
   * loading ends. The ability is the server's rules for this user (the default ones unless an
   * administrator changed them), so the client never grants what the server would refuse.
   */
  markAuthenticated(user: StoredUser, rules?: RawRule[]): void;
  /** The session query failed or the user signed out. */
  markSignedOut(): void;
}

/** The persisted part, in zustand's `persist` format: `{ state: { user }, version: 0 }`. */
interface PersistedAppState {
  state: { user: StoredUser | null };
  version: number;
}

function readPersistedUser(storage: Storage | undefined): StoredUser | null {
  try {
    const stored = JSON.parse(
      storage?.getItem(APP_STORE_KEY) ?? 'null',
    ) as PersistedAppState | null;
    return stored?.version === 0 ? (stored.state?.user ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * The client state (docs/product.md, "Sessions and sign-in"). Only the user is persisted (under the fixed key, version 0, as
 * zustand's `persist` wrote it); loading, authentication and ability are never trusted from
 * storage. Written by hand: the middleware is twice this module's size on every first page.
 */
export function createAppStore(storage: Storage | undefined = globalThis.localStorage) {
  const store = createStore<AppState>()((set, get) => ({
    user: readPersistedUser(storage),
    isLoading: true,
    isAuthenticated: false,
    rules: [],
    setUser: (user) => set({ user, rules: defaultRules }),
    markAuthenticated: (user, rules = defaultRules) => {
      get().setUser(user);
      set({ rules, isAuthenticated: true, isLoading: false });
    },
    markSignedOut: () => set({ user: null, rules: [], isAuthenticated: false, isLoading: false }),
  }));
  store.subscribe(({ user }) => {
    const persisted: PersistedAppState = { state: { user }, version: 0 };
    try {
      storage?.setItem(APP_STORE_KEY, JSON.stringify(persisted));
    } catch {
      // Storage full or disabled: the session query restores the user at the next load.
    }
  });
  return store;
}

export const appStore = createAppStore();

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}
