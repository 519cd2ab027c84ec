import type { Cents } from './money';
import { priceOrder } from './pricing';

/**
 * Automatic renewal's rules (decision 0044): a saved card is charged this many days before the
 * subscription expires, for the same package and device count at today's price, so a
 * failed charge still has days to be retried or paid by hand before the line stops.
 */
export const RENEWAL_CHARGE_DAYS_BEFORE = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the saved card of an auto-renewing subscription is charged: RENEWAL_CHARGE_DAYS_BEFORE days before it expires. */
export function renewalChargeAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - RENEWAL_CHARGE_DAYS_BEFORE * DAY_MS);
}

/** What a renewal charges: today's package price with the device fee, no coupon. */
export function renewalChargeCents(packagePrice: Cents, deviceCount: number): Cents {
  return priceOrder(packagePrice, deviceCount).subtotal;
}
