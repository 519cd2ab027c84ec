import type { CustomerOrder } from '#contract/accounts';
import type { Subscription } from '#contract/subscriptions';
import { canonicalPackageId, TRIAL_PACKAGE_ID } from '#domain/catalog';
import { canRenew, isExpired, isExpiringSoon, remainingTime } from '#domain/subscription-status';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import type { DeviceLock } from '../devices';

/** What the account page shows of a subscription's time and status (spec section 4), in the page's language (decision 0111). */

export const isTrialPackage = (packageId: string) => canonicalPackageId(packageId) === TRIAL_PACKAGE_ID;

// The credential list shared with the admin pages builds the playlist; the account's view tests pin it here.
export { playlistUrl } from '../../lib/playlist-url';

type Timed = Pick<Subscription, 'status' | 'expirationDate'> & { package: Pick<Subscription['package'], 'id'> };

const expiry = (subscription: Timed) => new Date(subscription.expirationDate);
const awaitsActivation = (subscription: Timed) => subscription.status === 'pending_activation';
/** Its order was refunded (decision 0021): no time runs, no credential works, it cannot be renewed. */
export const isCancelled = (subscription: Pick<Subscription, 'status'>) => subscription.status === 'cancelled';

/** Expired by status or because its expiry date has passed (a box waiting for activation has not started). */
function hasExpired(subscription: Timed, now: Date): boolean {
  return subscription.status === 'expired' || (!awaitsActivation(subscription) && isExpired(expiry(subscription), now));
}

export function showsExpiringSoon(subscription: Timed, now: Date): boolean {
  return subscription.status === 'active' && isExpiringSoon(expiry(subscription), now);
}

export type StatusTone = 'success' | 'destructive' | 'warning' | 'secondary';

/** Green active, red 'Expired', amber 'pending activation', grey 'Cancelled'; underscores read as spaces. */
export function statusBadge(subscription: Timed, now: Date): { label: string; tone: StatusTone } {
  if (isCancelled(subscription)) return { label: t('account.status.cancelled'), tone: 'secondary' };
  if (hasExpired(subscription, now)) return { label: t('account.status.expired'), tone: 'destructive' };
  if (subscription.status === 'active') return { label: t('account.status.active'), tone: 'success' };
  if (awaitsActivation(subscription)) return { label: t('account.status.pendingActivation'), tone: 'warning' };
  return { label: subscription.status.replace(/_/g, ' '), tone: 'secondary' };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Hours for the 36-hour trial, days for every other package, a started hour or day counting
 * as one; under an hour it says so, never '1 hour' for the last seconds.
 */
export function timeRemainingText(subscription: Timed, now: Date): string {
  if (isCancelled(subscription)) return t('account.status.cancelled');
  if (hasExpired(subscription, now)) return t('account.status.expired');
  if (expiry(subscription).getTime() - now.getTime() < HOUR_MS) return t('account.remaining.underAnHour');
  const { days, hours } = remainingTime(expiry(subscription), now);
  return isTrialPackage(subscription.package.id) ? formatMessage('account.remaining.hours', { count: hours }) : formatMessage('account.remaining.days', { count: days });
}

/**
 * Why a subscription's devices cannot be changed now, and whether they are off: a refunded
 * subscription has ended, a trial past its end has expired (it has no grace), and a paid one
 * past its grace is suspended until a renewal (decision 0046). Through the grace period the
 * devices play on but wait for a renewal to be changed, and a box waits for its activation,
 * as the server refuses their changes (decision 0042). Null while they can be changed.
 */
export function deviceLock(subscription: Timed & Pick<Subscription, 'suspended'>, now: Date): DeviceLock | null {
  // The last two say what the server's refusal says (DEVICE_REFUSALS), in the page's language.
  if (isCancelled(subscription)) return { off: true, reason: t('account.devicesOff.ended') };
  if (hasExpired(subscription, now)) {
    if (isTrialPackage(subscription.package.id)) return { off: true, reason: t('account.devicesOff.expired') };
    if (subscription.suspended) return { off: true, reason: t('account.devicesOff.suspended') };
    return { off: false, reason: t('account.devicesLocked.expired') };
  }
  if (awaitsActivation(subscription)) return { off: false, reason: t('account.devicesLocked.pendingActivation') };
  return null;
}

export function renewable(subscription: Timed, now: Date): boolean {
  return canRenew({ status: subscription.status, expirationDate: expiry(subscription) }, now);
}

/** A cancelled subscription keeps a disabled 'Renew': its buyer buys a new package instead. */
export const renewLabel = (subscription: Timed, now: Date) => (!isCancelled(subscription) && hasExpired(subscription, now) ? t('account.reactivate') : t('account.renew'));

export function formatMemberSince(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return t('account.info.notAvailable');
  return formatSubscriptionDate(iso, timeZone);
}

/** Orders whose gift card was received and whose payment completed. */
export function receivedGiftCards(orders: readonly CustomerOrder[]): CustomerOrder[] {
  return orders.filter((order) => order.giftCardReceived && order.paymentStatus === 'completed');
}
