import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, onUnauthorized } from '@/lib/api-client';
import { wireUnauthorized } from './unauthorized';

function answer401() {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(
      new Response('{"message":"auth.unauthenticated"}', {
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
