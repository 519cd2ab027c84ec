import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * TOTP (RFC 6238) as authenticator apps make it: SHA-1, 6 digits, 30-second periods
 * (decision 0096). A code is accepted for its own period and the one before (a clock a
 * little behind, a code typed as it turned), never two back nor one ahead.
 */
const PERIOD_SECONDS = 30;
const ISSUER = 'Store Admin';

const totpOf = (secret: string, label = ISSUER) =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new 160-bit secret (RFC 4226's recommended length), in base32 as apps take it, and its otpauth:// address. */
export function newTotpSecret(username: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totpOf(secret, username).toString() };
}

/** The time step of `now`. */
const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The step whose code `code` is, among now's and the one before, or null. */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const current = stepOf(now);
  for (const step of [current, current - 1]) {
    if (sameText(totp.generate({ timestamp: step * PERIOD_SECONDS * 1000 }), code)) return step;
  }
  return null;
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * Ten recovery codes of 10 characters from a 32-letter alphabet (50 random bits each),
 * written xxxxx-xxxxx. Stored as SHA-256 hashes: with that much entropy a fast hash cannot
 * be reversed by guessing, and the hash finds its row in one lookup (decision 0096).
 */
export function newRecoveryCodes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const letters = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** The stored form of a recovery code, however it was typed (case, spaces, dash). */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}
