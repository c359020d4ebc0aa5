import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretKeys } from '../../config/env';

export type { SecretKeys };

const ALGORITHM = 'aes-256-gcm';
const PREFIX = 'sealed.v1';

/** A key's name in a sealed value: not the key, only enough to pick it among the others. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update(key).digest('base64url').slice(0, 8);

/**
 * Seals `plain` with AES-256-GCM under the current key, a fresh 96-bit nonce, and `context` as
 * associated data: the sealed value opens only for the row it was sealed for (copied to another
 * account, it is refused).
 */
export function sealSecret(keys: SecretKeys, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, keys.current, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    PREFIX,
    keyIdOf(keys.current),
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

export const isSealed = (value: string) => value.startsWith(`${PREFIX}.`);

/** Whether a sealed value is under a key other than the current one (to be sealed again). */
export const isSealedUnderOldKey = (keys: SecretKeys, value: string) =>
  !isSealed(value) || value.split('.')[2] !== keyIdOf(keys.current);

/**
 * Opens a sealed value with whichever of the keys sealed it. A value stored before secrets were
 * sealed is given back as it is; a value altered, sealed for another row or under a key no longer
 * held throws.
 */
export function openSecret(keys: SecretKeys, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [, , keyId, iv, tag, sealed] = stored.split('.');
  const key = [keys.current, ...keys.previous].find((each) => keyIdOf(each) === keyId);
  if (!key || !iv || !tag || sealed === undefined) {
    throw new Error('a sealed secret names a key this server does not hold');
  }
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
