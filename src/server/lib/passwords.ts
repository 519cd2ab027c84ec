import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; its enum is a const enum that isolated
 * modules cannot import) with OWASP's minimum: 19 MiB, two passes, one lane (ASVS L2).
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when no account matches, so that an unknown email takes as long as a wrong password.
let dummyHash: Promise<string> | null = null;

/** Checks a password against a stored hash, or spends the same time when there is none. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
