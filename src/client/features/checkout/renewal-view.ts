import type { SavedCardSummary, Subscription } from '#contract/subscriptions';
import { nameInLine } from '#domain/locales';
import { browserTimeZone } from '../../lib/browser-time-zone';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { pageLocale, t } from '../../lib/i18n';
import { useCurrentCustomer } from '../../lib/session';

/**
 * The zone a renewal's dates are written in: the signed-in customer's, as the account writes
 * them (decision 0074); the browser's before the answer of /api/auth/me.
 */
export function useRenewalTimeZone(): string {
  return useCurrentCustomer().data?.timeZone ?? browserTimeZone() ?? 'UTC';
}

/**
 * The line at the top of a renewal's checkout: what is renewed and when it ends (or ended), dated
 * as the account dates it, in the checkout area's words, the package's name isolated (nameInLine).
 */
export function renewingText(subscription: Pick<Subscription, 'package' | 'expirationDate'>, now: Date, timeZone: string): string {
  const ended = new Date(subscription.expirationDate).getTime() <= now.getTime();
  const { name } = subscription.package;
  return formatMessage(ended ? 'checkout.renewing.ended' : 'checkout.renewing.ends', {
    name: nameInLine(pageLocale(), name),
    date: formatSubscriptionDate(subscription.expirationDate, timeZone),
  });
}

/** The one-tap choice of the card the subscription renews with (decision 0076). */
export const savedCardLabel = (card: Pick<SavedCardSummary, 'last4'>) => formatMessage('checkout.renewing.savedCard', { last4: card.last4 });

/** What a paid renewal says in place of "activates within 24 hours": the date it now runs to, once the server applied it. */
export function renewalPaidText(extendedTo: string | null, timeZone: string): string {
  return extendedTo ? formatMessage('checkout.renewing.extendedTo', { date: formatSubscriptionDate(extendedTo, timeZone) }) : t('checkout.renewing.paidSoon');
}

/** The new expiry once the subscription moved past the one its renewal started from; null while it has not. */
export function extendedExpiry(current: Pick<Subscription, 'expirationDate'> | undefined, endedAt: string): string | null {
  if (!current) return null;
  return new Date(current.expirationDate).getTime() > new Date(endedAt).getTime() ? current.expirationDate : null;
}
