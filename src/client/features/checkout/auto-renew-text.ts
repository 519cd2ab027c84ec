import { formatPrice, type Money } from '#domain/currencies';

/** '1 Month' -> '1 month', '12 Months' -> '12 months': the period a renewal covers. */
export function renewalPeriod(duration: string): string {
  return duration.trim().toLowerCase();
}

/**
 * The "Renew automatically" box's words (decision 0044): the price, the period, and that it can
 * be turned off any time. A box's renewal is the subscription alone (domain/catalog renewsAs).
 */
export function autoRenewText(amount: Money, duration: string, withoutBox = false, locale = 'en'): string {
  const what = withoutBox ? ' for the subscription alone (the box is yours to keep)' : '';
  return `Renew automatically: ${formatPrice(amount, locale)} every ${renewalPeriod(duration)}${what} with this card. Turn it off any time in your account.`;
}
