import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed link of a renewal charge's confirmation page (3-D Secure): the emailed
 * link opens the page without signing in, as the unsubscribe link does (decision 0040).
 * The token is an HMAC of the charge's id under the session secret with a purpose of its
 * own; nothing is stored, and the charge's state decides what the page allows.
 */

const PURPOSE = 'streamplus:confirm-renewal-charge:v1';

export function renewalConfirmToken(secret: string, chargeId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${chargeId}`).digest('base64url');
}

export function isRenewalConfirmToken(secret: string, chargeId: string, token: string): boolean {
  const expected = Buffer.from(renewalConfirmToken(secret, chargeId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page's address, as the email's button has it. */
export function renewalConfirmUrl(publicUrl: string, secret: string, chargeId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/renewals/${chargeId}/confirm?token=${renewalConfirmToken(secret, chargeId)}`;
}
