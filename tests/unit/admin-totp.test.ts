import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from '../../src/server/features/admin/totp';

const codeAt = (secret: string, at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe('TOTP codes and recovery codes (decision 0096)', () => {
  const { secret, otpauthUrl } = newTotpSecret('owner');
  const now = new Date(Date.UTC(2026, 11, 3, 12, 0, 15));
  const step = Math.floor(now.getTime() / 30_000);

  it('offers a 160-bit secret in an otpauth:// address apps scan', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Store%20Admin:owner?issuer=Store%20Admin&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
  });

  it('matches the current period and the one before, not two back nor one ahead', () => {
    expect(matchingStep(secret, codeAt(secret, now.getTime()), now)).toBe(step);
    expect(matchingStep(secret, codeAt(secret, now.getTime() - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, codeAt(secret, now.getTime() - 60_000), now)).toBeNull();
    expect(matchingStep(secret, codeAt(secret, now.getTime() + 30_000), now)).toBeNull();
  });

  it('makes ten distinct recovery codes, hashed the same however typed', () => {
    const codes = newRecoveryCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const [code] = codes as [string];
    expect(recoveryCodeHash(` ${code.toUpperCase().replace('-', ' ')}`)).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).toMatch(/^[0-9a-f]{64}$/);
  });
});
