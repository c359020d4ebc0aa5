import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { errorMessageKey } from './error-toasts';

const failure = (status: number, body?: ConstructorParameters<typeof ApiRequestError>[2]) =>
  new ApiRequestError(status, '/x', body, new Headers());

describe('errorMessageKey', () => {
  it("says the API's own code when it answered one", () => {
    expect(errorMessageKey(failure(429, { message: 'request.rate_limited' }))).toBe(
      'errors:request.rate_limited',
    );
    expect(errorMessageKey(failure(500, { message: 'server.internal' }))).toBe(
      'errors:server.internal',
    );
  });

  it('blames our side for a 5xx without a code, never the connection', () => {
    expect(errorMessageKey(failure(500))).toBe('errors:server.internal');
    expect(errorMessageKey(failure(502))).toBe('errors:server.internal');
    expect(errorMessageKey(failure(503))).toBe('errors:server.unavailable');
  });

  it('asks to check the connection only when no answer came back', () => {
    expect(errorMessageKey(new TypeError('Failed to fetch'))).toBe('errors:network');
    expect(errorMessageKey(failure(418))).toBe('errors:unknown');
    expect(errorMessageKey(new Error('?'))).toBe('errors:unknown');
  });
});
