import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm; its enum is a const enum that isolated
 * modules cannot import) with OWASP's minimum: 19 MiB, two passes, one lane (ASVS L2).
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id at its least cost, for the API test suites only (decision 0085): some 2,500
 * sign-ups and sign-ins a run cost 14 ms each on a quiet machine, 100-150 ms on a loaded
 * one, against 0.2 ms. Chosen by TEST_PASSWORD_HASHING=fast, and only when NODE_ENV is
 * test, which a running store never is (the test runner sets it; the store starts as
 * production when NODE_ENV is unset). A stored hash names its own cost, so verifying one
 * works whichever cost made it.
 */
const TEST_ONLY_OPTIONS = { memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

function hashingOptions(): Options {
  return process.env.NODE_ENV === 'test' && process.env.TEST_PASSWORD_HASHING === 'fast' ? TEST_ONLY_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashingOptions());
}

// Verified against when no account matches, so that an unknown email takes as long as a wrong
// password: one per cost, as a test process may use both (decision 0086).
const dummyHashes = new Map<Options, Promise<string>>();

/** Checks a password against a stored hash, or spends the same time when there is none. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  const options = hashingOptions();
  let dummyHash = dummyHashes.get(options);
  if (!dummyHash) {
    dummyHash = hash(randomBytes(16).toString('base64url'), options);
    dummyHashes.set(options, dummyHash);
  }
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
