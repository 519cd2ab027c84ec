import { format } from 'date-fns';
import type { CustomerOrder } from '#contract/accounts';
import type { Subscription } from '#contract/subscriptions';
import { canonicalPackageId, TRIAL_PACKAGE_ID } from '#domain/catalog';
import { canRenew, isExpired, isExpiringSoon, remainingTime } from '#domain/subscription-status';

/** What the account page shows of a subscription's time and status (spec section 4). */

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
  if (isCancelled(subscription)) return { label: 'Cancelled', tone: 'secondary' };
  if (hasExpired(subscription, now)) return { label: 'Expired', tone: 'destructive' };
  if (subscription.status === 'active') return { label: 'active', tone: 'success' };
  if (awaitsActivation(subscription)) return { label: 'pending activation', tone: 'warning' };
  return { label: subscription.status.replace(/_/g, ' '), tone: 'secondary' };
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Hours for the 36-hour trial, days for every other package. */
export function timeRemainingText(subscription: Timed, now: Date): string {
  if (isCancelled(subscription)) return 'Cancelled';
  if (hasExpired(subscription, now)) return 'Expired';
  const { days, hours } = remainingTime(expiry(subscription), now);
  return isTrialPackage(subscription.package.id) ? plural(hours, 'hour') : plural(days, 'day');
}

export function renewable(subscription: Timed, now: Date): boolean {
  return canRenew({ status: subscription.status, expirationDate: expiry(subscription) }, now);
}

/** A cancelled subscription keeps a disabled 'Renew': its buyer buys a new package instead. */
export const renewLabel = (subscription: Timed, now: Date) => (!isCancelled(subscription) && hasExpired(subscription, now) ? 'Reactivate' : 'Renew');

/** 'MMM d, yyyy' (short enough for a phone's two columns), with the time of day for the trial, whose hours count. */
export function formatSubscriptionDate(iso: string, withTime = false): string {
  return format(new Date(iso), withTime ? 'MMM d, yyyy, h:mm a' : 'MMM d, yyyy');
}

export function formatMemberSince(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : format(date, 'MMMM d, yyyy');
}

/** Orders whose gift card was received and whose payment completed. */
export function receivedGiftCards(orders: readonly CustomerOrder[]): CustomerOrder[] {
  return orders.filter((order) => order.giftCardReceived && order.paymentStatus === 'completed');
}
