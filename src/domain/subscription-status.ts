/**
 * The rules of a subscription's time (spec section 4 "Subscription status display" and
 * "Renewal"): when it is expired or expiring soon, how much time is left, when it can be
 * renewed, and how a package's duration moves its expiry. Pure: the caller passes `now`.
 */
import { EXPIRING_SOON_DAYS } from './catalog';

/** cancelled: its order was refunded (decision 0021); it never runs again. */
export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'pending_activation', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What the admin and the customer read in place of the expiry of a streaming box's
 * subscription before its first use: its time has not begun (spec: it activates on first
 * use), so the expiry stored until then is no date to show.
 */
export const STARTS_ON_ACTIVATION = 'Starts on activation';
export const awaitsActivation = (status: string) => status === 'pending_activation';

/** A package's length: hours for the trial, calendar months for the others. */
export interface PackageDuration {
  unit: 'hours' | 'months';
  value: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function isExpired(expirationDate: Date, now: Date): boolean {
  return expirationDate.getTime() <= now.getTime();
}

/** Within the last 7 days before expiry and not yet expired. */
export function isExpiringSoon(expirationDate: Date, now: Date): boolean {
  const left = expirationDate.getTime() - now.getTime();
  return left > 0 && left <= EXPIRING_SOON_DAYS * DAY_MS;
}

/** Whole days and whole hours left, each rounded up (a started day counts); 0 once expired. */
export function remainingTime(expirationDate: Date, now: Date): { days: number; hours: number } {
  const left = Math.max(0, expirationDate.getTime() - now.getTime());
  return { days: Math.ceil(left / DAY_MS), hours: Math.ceil(left / HOUR_MS) };
}

/**
 * The Renew button is disabled when the status is not active and the subscription is not
 * expired. A cancelled (refunded) subscription is never renewed: its buyer buys a new one.
 */
export function canRenew(subscription: { status: string; expirationDate: Date }, now: Date): boolean {
  if (subscription.status === 'cancelled') return false;
  return subscription.status === 'active' || isExpired(subscription.expirationDate, now);
}

/**
 * Adds a duration. Months are calendar months in UTC, clamped to the end of a shorter
 * month: January 31 plus one month is the last day of February.
 */
export function addDuration(from: Date, duration: PackageDuration): Date {
  return shift(from, duration, 1);
}

/** Takes a duration back (a refunded renewal, decision 0021); the inverse of addDuration up to month-end clamping. */
export function subtractDuration(from: Date, duration: PackageDuration): Date {
  return shift(from, duration, -1);
}

function shift(from: Date, duration: PackageDuration, sign: 1 | -1): Date {
  if (!Number.isInteger(duration.value) || duration.value <= 0) throw new Error(`Invalid duration: ${duration.value} ${duration.unit}`);
  if (duration.unit === 'hours') return new Date(from.getTime() + sign * duration.value * HOUR_MS);
  const monthIndex = from.getUTCMonth() + sign * duration.value;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(from.getTime());
  result.setUTCFullYear(year, month, Math.min(from.getUTCDate(), lastDay));
  return result;
}

/** A renewal extends from the current expiry while time is left, from now once expired. */
export function renewedExpiry(currentExpiry: Date, now: Date, duration: PackageDuration): Date {
  const base = currentExpiry.getTime() > now.getTime() ? currentExpiry : now;
  return addDuration(base, duration);
}
