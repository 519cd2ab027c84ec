import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link of a reminder (decision 0040): `<customer id>.<HMAC-SHA256 of it>`,
 * keyed by the session secret with a purpose of its own, so no other signature of the store
 * can stand in for it. Nothing is stored: the link of a customer is always the same, any
 * number of uses give the same result, and a forged or altered one names nobody.
 */

const PURPOSE = 'streamplus:unsubscribe-from-reminders:v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, customerId: string) => createHmac('sha256', secret).update(`${PURPOSE}\n${customerId}`).digest('base64url');

export function unsubscribeToken(secret: string, customerId: string): string {
  return `${customerId}.${signatureOf(secret, customerId)}`;
}

/** The customer a token was made for, or null for a forged, altered or malformed one. */
export function customerOfUnsubscribeToken(secret: string, token: string): string | null {
  const [customerId = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(customerId)) return null;
  const expected = Buffer.from(signatureOf(secret, customerId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? customerId : null;
}

/** The header fields of an email a customer may unsubscribe from: the page's address, which also takes a one-click POST (RFC 8058). */
export function listUnsubscribeHeaders(pageUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${pageUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
