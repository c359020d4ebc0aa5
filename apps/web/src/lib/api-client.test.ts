import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, onUnauthorized } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  onUnauthorized(undefined);
});

describe('apiRequest', () => {
  it('calls /api with credentials and the time zone, and returns the body directly', async () => {
    answer(200, { hello: 'world' });
    await expect(apiRequest('/things')).resolves.toEqual({ hello: 'world' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(init?.credentials).toBe('include');
    expect((init?.headers as Record<string, string>).Timezone).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('starts the request in a task of its own, not in the one that asks for it', async () => {
    const events: string[] = [];
    fetchMock.mockImplementationOnce(() => {
      events.push('fetch');
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    const request = apiRequest('/things');
    events.push('caller done');
    // The caller's microtasks run before the next task.
    await Promise.resolve();
    events.push('microtasks done');
    await request;
    expect(events).toEqual(['caller done', 'microtasks done', 'fetch']);
  });

  it('takes the time zone from Temporal where the browser has it, once', async () => {
    vi.resetModules();
    const timeZoneId = vi.fn(() => 'Europe/Paris');
    vi.stubGlobal('Temporal', { Now: { timeZoneId } });
    const fresh = await import('./api-client');
    answer(200, {});
    answer(200, {});
    await fresh.apiRequest('/one');
    await fresh.apiRequest('/two');
    for (const [, init] of fetchMock.mock.calls) {
      expect((init?.headers as Record<string, string>).Timezone).toBe('Europe/Paris');
    }
    expect(timeZoneId).toHaveBeenCalledTimes(1);
  });

  it('sends a JSON body on state-changing calls', async () => {
    answer(202, { ok: true });
    await apiRequest('/users/signup', { method: 'POST', body: { email: 'a@b.co' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.co"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns a blob for downloads', async () => {
    fetchMock.mockResolvedValueOnce(new Response('%PDF-1.7', { status: 200 }));
    const blob = await apiRequest<Blob>('/file', { responseType: 'blob' });
    // Not parsed as JSON (which would throw on this body): the raw bytes come back.
    // Read through FileReader: jsdom's Blob, which fetch hands back under test, has no text().
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(text).toBe('%PDF-1.7');
  });

  it('passes other errors to the caller with the API error body', async () => {
    answer(400, {
      message: 'request.invalid',
      errors: [{ field: 'email', errorCode: 'field.required' }],
    });
    const error = await apiRequest('/users/signup', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect((error as ApiRequestError).body?.errors?.[0]?.errorCode).toBe('field.required');
  });

  it('calls the unauthorized handler on a 401 from any call but /users/me', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    answer(401, { message: 'auth.unauthenticated' });
    await expect(apiRequest('/refill/drums')).rejects.toBeInstanceOf(ApiRequestError);
    expect(handler).toHaveBeenCalledWith('/refill/drums', 'auth.unauthenticated');

    handler.mockClear();
    answer(401, { message: 'auth.unauthenticated' });
    await expect(apiRequest('/users/me')).rejects.toBeInstanceOf(ApiRequestError);
    expect(handler).not.toHaveBeenCalled();
  });
});
