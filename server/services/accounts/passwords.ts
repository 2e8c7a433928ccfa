import { hash, parseOptions, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { newSecret } from '../platform/tokens.ts';

// The package's Algorithm is an ambient const enum, which verbatimModuleSyntax cannot read: 2 is its Argon2id.
const argon2id: Algorithm = 2;

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (about 30 ms here). */
export const passwordHashOptions = {
  algorithm: argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, passwordHashOptions);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown email, guest) it still runs one verification
 * against a throwaway hash, so the answer takes as long as for a real account and timing reveals nothing.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword(newSecret());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A damaged stored hash is a failed sign-in, not a 500.
    return false;
  }
}

/** True when a hash was made with other parameters than today's: it is replaced at the next sign-in. */
export function needsRehash(storedHash: string): boolean {
  try {
    const used = parseOptions(storedHash);
    return (
      used.algorithm !== passwordHashOptions.algorithm ||
      used.memoryCost !== passwordHashOptions.memoryCost ||
      used.timeCost !== passwordHashOptions.timeCost ||
      used.parallelism !== passwordHashOptions.parallelism
    );
  } catch {
    return true;
  }
}
