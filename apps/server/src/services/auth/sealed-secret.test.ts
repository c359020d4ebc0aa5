import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSealedUnderOldKey, openSecret, sealSecret, type SecretKeys } from './sealed-secret';

const older = randomBytes(32);
const keys: SecretKeys = { current: randomBytes(32), previous: [older] };

describe('sealed secrets', () => {
  it('seals with AES-256-GCM so the stored value does not hold the secret, and opens it back', () => {
    const sealed = sealSecret(keys, 'client-secret-of-acme', 'account-1');
    expect(sealed).not.toContain('client-secret-of-acme');
    expect(sealed).toMatch(/^sealed\.v1\./);
    expect(sealSecret(keys, 'client-secret-of-acme', 'account-1')).not.toBe(sealed);
    expect(openSecret(keys, sealed, 'account-1')).toBe('client-secret-of-acme');
  });

  it('refuses a value altered, sealed for another row, or under a key no longer held', () => {
    const sealed = sealSecret(keys, 'client-secret-of-acme', 'account-1');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[5]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => openSecret(keys, parts.join('.'), 'account-1')).toThrow();
    expect(() => openSecret(keys, sealed, 'account-2')).toThrow();
    expect(() =>
      openSecret({ current: randomBytes(32), previous: [] }, sealed, 'account-1'),
    ).toThrow(/key/);
  });

  it('opens what a previous key sealed, and says it is to be sealed again', () => {
    const underOld = sealSecret({ current: older, previous: [] }, 'rotated', 'account-1');
    expect(openSecret(keys, underOld, 'account-1')).toBe('rotated');
    expect(isSealedUnderOldKey(keys, underOld)).toBe(true);
    expect(isSealedUnderOldKey(keys, sealSecret(keys, 'fresh', 'account-1'))).toBe(false);
    // A secret stored before sealing existed is read as it is, and sealed at the next pass.
    expect(openSecret(keys, 'stored-in-clear', 'account-1')).toBe('stored-in-clear');
    expect(isSealedUnderOldKey(keys, 'stored-in-clear')).toBe(true);
  });
});
