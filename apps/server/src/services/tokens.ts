import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret token (256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their hash, so a leaked table cannot sign anyone in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
