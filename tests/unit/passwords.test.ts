import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/server/lib/passwords';

// The store's cost, whatever the API suites use (decision 0085): OWASP's minimum for argon2id.
const PRODUCTION_COST = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('password hashing', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane', async () => {
    vi.stubEnv('TEST_PASSWORD_HASHING', '');
    const stored = await hashPassword('analytical-engine');
    expect(stored).toMatch(PRODUCTION_COST);
    expect(await verifyPassword(stored, 'analytical-engine')).toBe(true);
    expect(await verifyPassword(stored, 'difference-engine')).toBe(false);
  });

  it('keeps that cost outside the test runner, even when asked for the tests one', async () => {
    vi.stubEnv('TEST_PASSWORD_HASHING', 'fast');
    vi.stubEnv('NODE_ENV', 'production');
    expect(await hashPassword('analytical-engine')).toMatch(PRODUCTION_COST);
    vi.stubEnv('NODE_ENV', 'development');
    expect(await hashPassword('analytical-engine')).toMatch(PRODUCTION_COST);
  });

  it('hashes at the least cost only in the test runner when asked to, and verifies either', async () => {
    vi.stubEnv('TEST_PASSWORD_HASHING', 'fast');
    vi.stubEnv('NODE_ENV', 'test');
    const cheap = await hashPassword('analytical-engine');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=8,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'analytical-engine')).toBe(true);
    vi.stubEnv('TEST_PASSWORD_HASHING', '');
    expect(await verifyPassword(cheap, 'analytical-engine')).toBe(true);
  });
});
