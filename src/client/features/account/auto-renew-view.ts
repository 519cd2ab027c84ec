import type { SavedCardSummary, Subscription } from '#contract/subscriptions';
import { formatDollars, parseMoney } from '#domain/money';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { isCancelled, isTrialPackage } from './subscription-view';

/** What the account page's "Automatic renewal" block says of a subscription (decision 0044). */

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Stripe's lower-case brand as people write it: 'visa' -> 'Visa'. */
export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
}

/** 'Visa ending 4242, expires 12/2030' */
export function savedCardText(card: SavedCardSummary): string {
  return `${brandName(card.brand)} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/** 'Next charge: $15.99 on January 3, 2027' (the day in the customer's zone), or null when no charge is coming. */
export function nextChargeText(subscription: Pick<Subscription, 'nextChargeAt' | 'nextChargeAmount'>, timeZone: string): string | null {
  if (!subscription.nextChargeAt || !subscription.nextChargeAmount) return null;
  return `Next charge: ${formatDollars(parseMoney(subscription.nextChargeAmount))} on ${formatSubscriptionDate(subscription.nextChargeAt, timeZone)}`;
}

/** The block belongs to subscriptions that can renew: not the free trial, not a refunded (cancelled) one. */
export function offersAutoRenew(subscription: Pick<Subscription, 'status' | 'package'>): boolean {
  return !isTrialPackage(subscription.package.id) && !isCancelled(subscription);
}

/** The line under the switch: what happens at the expiry. */
export function autoRenewStatusText(
  subscription: Pick<Subscription, 'autoRenew' | 'savedCard' | 'nextChargeAt' | 'nextChargeAmount' | 'renewal'>,
  timeZone: string,
): string {
  if (!subscription.savedCard) return 'No card saved. Add a card to renew automatically.';
  if (!subscription.autoRenew) return 'Off: your card will not be charged. Renew by hand before the expiry, or turn it on.';
  // A declined charge is never promised again (decision 0045): the banner above says why and what comes next.
  if (subscription.renewal.state === 'retrying') return 'On: the renewal payment was declined and will be tried again.';
  if (subscription.renewal.state === 'failed') return 'On: the renewal payment failed. Update your card and renew by hand.';
  if (subscription.renewal.state === 'needs_authentication') return 'On: your bank asks you to confirm the renewal payment.';
  return nextChargeText(subscription, timeZone) ?? 'On: your saved card is charged before the expiry.';
}
