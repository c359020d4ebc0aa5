import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: sign-in links and session cookies. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked table gives no usable link or session. */
export function hashToken(token: string): string {
  // The one-shot hash: a quarter of createHash's cost, and every signed-in request pays it.
  return hash('sha256', token, 'base64url');
}
