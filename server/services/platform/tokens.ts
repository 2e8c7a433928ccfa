import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: used for api tokens, reset tokens and cart ids (all unguessable). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
