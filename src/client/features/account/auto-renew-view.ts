import type { SavedCardSummary, Subscription } from '#contract/subscriptions';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { priceText } from '../../lib/price-text';
import { t } from '../../lib/i18n';
import { isCancelled, isTrialPackage } from './subscription-view';

/** What the account page's "Automatic renewal" block says of a subscription (decision 0044), in the page's language (decision 0111). */

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
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : t('account.card.unknownBrand'));
}

/** 'Visa ending 4242, expires 12/2030' */
export function savedCardText(card: SavedCardSummary): string {
  return formatMessage('account.card.saved', { brand: brandName(card.brand), last4: card.last4, expires: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}` });
}

/**
 * 'Next charge: $15.99 on January 3, 2027' (the day in the customer's zone), the amount in the
 * currency the renewal charges (decision 0114), or null when no charge is coming.
 */
export function nextChargeText(subscription: Pick<Subscription, 'nextChargeAt' | 'nextChargeAmount' | 'currency'>, timeZone: string): string | null {
  if (!subscription.nextChargeAt || !subscription.nextChargeAmount) return null;
  return formatMessage('account.autoRenew.nextCharge', { amount: priceText(subscription.nextChargeAmount, subscription.currency), date: formatSubscriptionDate(subscription.nextChargeAt, timeZone) });
}

/** The block belongs to subscriptions that can renew: not the free trial, not a refunded (cancelled) one. */
export function offersAutoRenew(subscription: Pick<Subscription, 'status' | 'package'>): boolean {
  return !isTrialPackage(subscription.package.id) && !isCancelled(subscription);
}

/** The line under the switch: what happens at the expiry. */
export function autoRenewStatusText(
  subscription: Pick<Subscription, 'autoRenew' | 'savedCard' | 'nextChargeAt' | 'nextChargeAmount' | 'currency' | 'renewal'>,
  timeZone: string,
): string {
  if (!subscription.savedCard) return t('account.autoRenew.noCard');
  if (!subscription.autoRenew) return t('account.autoRenew.off');
  // A declined charge is never promised again (decision 0045): the banner above says why and what comes next.
  if (subscription.renewal.state === 'retrying') return t('account.autoRenew.retrying');
  if (subscription.renewal.state === 'failed') return t('account.autoRenew.failed');
  if (subscription.renewal.state === 'needs_authentication') return t('account.autoRenew.needsAuthentication');
  return nextChargeText(subscription, timeZone) ?? t('account.autoRenew.on');
}
