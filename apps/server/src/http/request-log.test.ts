import { describe, expect, it } from 'vitest';
import { redactSignInToken } from './request-log';

describe('log lines', () => {
  it('never hold the token of a one-time link', () => {
    expect(redactSignInToken('/signin/abcDEF_123?x=1')).toBe('/signin/[redacted]?x=1');
    expect(redactSignInToken('/alerts/confirm/abcDEF_123')).toBe('/alerts/confirm/[redacted]');
    expect(redactSignInToken('/invitation/abcDEF_123')).toBe('/invitation/[redacted]');
    expect(redactSignInToken('/api/refill/drums')).toBe('/api/refill/drums');
  });
});
