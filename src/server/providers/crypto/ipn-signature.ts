import { createHmac, timingSafeEqual } from 'node:crypto';

/** A copy of a JSON value with the keys of every object in sorted order. */
function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

/** NOWPayments signs an IPN with HMAC-SHA512 (hex) of its JSON body with keys sorted. */
export function signIpnBody(body: unknown, secret: string): string {
  return createHmac('sha512', secret).update(JSON.stringify(sortKeysDeep(body))).digest('hex');
}

/** True when `signature` (the x-nowpayments-sig header) signs `body`; compared in constant time. */
export function isValidIpnSignature(body: unknown, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signIpnBody(body, secret), 'hex');
  const given = Buffer.from(signature.trim().toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
