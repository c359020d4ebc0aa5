import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onUnauthorized } from '@/lib/api-client';
import { wireUnauthorized } from './unauthorized';

function answer401(code = 'auth.unauthenticated') {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(
      new Response(`{"message":"${code}"}`, {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
}

describe('401 rule wiring', () => {
  afterEach(() => {
    onUnauthorized(undefined);
    vi.unstubAllGlobals();
  });

  it('sends a suspended user to the page that says why', async () => {
    const goTo = vi.fn();
    wireUnauthorized(goTo);
    answer401('auth.suspended');
    await apiRequest('/refill/drums').catch(() => undefined);
    expect(goTo).toHaveBeenCalledWith('/suspended');
  });

  it('sends the browser to the root on a 401 from any call but /users/me', async () => {
    const goTo = vi.fn();
    wireUnauthorized(goTo);
    answer401();
    await apiRequest('/refill/drums').catch(() => undefined);
    expect(goTo).toHaveBeenCalledWith('/');

    goTo.mockClear();
    answer401();
    await apiRequest('/users/me').catch(() => undefined);
    expect(goTo).not.toHaveBeenCalled();
  });
});
