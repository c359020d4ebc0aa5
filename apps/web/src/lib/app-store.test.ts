import { describe, expect, it } from 'vitest';
import { APP_STORE_KEY, createAppStore, defaultRules } from './app-store';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: null,
};

describe('app store', () => {
  it('starts loading and signed out', () => {
    const store = createAppStore(window.localStorage);
    const state = store.getState();
    expect(state.isLoading).toBe(true);
    expect(state.isAuthenticated).toBe(false);
    expect(state.user).toBeNull();
  });

  it('marks the session authenticated with the default ability and ends loading', () => {
    const store = createAppStore(window.localStorage);
    store.getState().markAuthenticated(user);
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      rules: defaultRules,
    });
  });

  it("follows the session flow: the user is set with the default ability, then authenticated with the server's rules", () => {
    const store = createAppStore(window.localStorage);
    const seen: Array<{ user: string | undefined; rules: unknown; isAuthenticated: boolean }> = [];
    store.subscribe((state) =>
      seen.push({
        user: state.user?.id,
        rules: state.rules,
        isAuthenticated: state.isAuthenticated,
      }),
    );
    const serverRules = [{ action: 'get', subject: 'refill' }];
    store.getState().markAuthenticated(user, serverRules);
    expect(seen).toEqual([
      { user: 'u1', rules: defaultRules, isAuthenticated: false },
      { user: 'u1', rules: serverRules, isAuthenticated: true },
    ]);
    expect(store.getState().isLoading).toBe(false);
  });

  it('resets the ability to the default when the user is set', () => {
    const store = createAppStore(window.localStorage);
    store.getState().markAuthenticated(user, [{ action: 'manage', subject: 'all' }]);
    store.getState().setUser(user);
    expect(store.getState().rules).toEqual(defaultRules);
  });

  it('persists only the user, under the fixed key, at version 0', () => {
    window.localStorage.clear();
    const store = createAppStore(window.localStorage);
    store.getState().markAuthenticated(user);
    const stored = JSON.parse(window.localStorage.getItem(APP_STORE_KEY) ?? 'null') as {
      state: Record<string, unknown>;
      version: number;
    };
    expect(stored.version).toBe(0);
    expect(stored.state).toEqual({ user });
  });

  it('reads the persisted user back at start, never the authentication', () => {
    window.localStorage.setItem(
      APP_STORE_KEY,
      JSON.stringify({ state: { user, isAuthenticated: true }, version: 0 }),
    );
    const store = createAppStore(window.localStorage);
    expect(store.getState()).toMatchObject({ user, isAuthenticated: false, isLoading: true });
    window.localStorage.setItem(APP_STORE_KEY, JSON.stringify({ state: { user }, version: 3 }));
    expect(createAppStore(window.localStorage).getState().user).toBeNull();
    window.localStorage.setItem(APP_STORE_KEY, '{broken');
    expect(createAppStore(window.localStorage).getState().user).toBeNull();
  });
});
