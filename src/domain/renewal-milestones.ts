/**
 * The renewal schedule (decision 0046): when, relative to a subscription's expiry, each
 * reminder, grace notice and win-back email is due. Pure: the pass turns each milestone
 * into one indexed range of expiry dates.
 *
 * A milestone is due from `dueMs` after the expiry (negative: before it) until `untilMs`:
 * the next milestone of the same subscription, or two days of catching up, whichever comes
 * first. So a pass that missed a day sends only the latest milestone, never the 7-day
 * email a day before expiry, and each pass reads only the subscriptions near a milestone
 * (13 days of expiries in all; tests/bench/reminders.bench.mjs).
 */

import { RENEWAL_CHARGE_DAYS_BEFORE } from './renewal';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The renewal notice of an auto-renewing subscription comes this many days before its card is charged (decision 0075). */
export const RENEWAL_NOTICE_DAYS_BEFORE_CHARGE = 7;
const NOTICE_MS = (RENEWAL_NOTICE_DAYS_BEFORE_CHARGE + RENEWAL_CHARGE_DAYS_BEFORE) * DAY_MS;

export const MILESTONE_NAMES = ['renewal-notice', '7d', '3d', '1d', '0d', 'trial-12h', 'trial-1h', 'grace', 'win-back-7d', 'win-back-30d'] as const;
export type MilestoneName = (typeof MILESTONE_NAMES)[number];

export interface Milestone {
  name: MilestoneName;
  /**
   * paid: packages sold by the month; trial: the hour-long trial package; any: both;
   * auto-renewing: paid subscriptions whose saved card renews them (decision 0075).
   */
  audience: 'paid' | 'trial' | 'any' | 'auto-renewing';
  /** Before expiry, an active subscription; after it, one still expired (not renewed, not refunded). */
  status: 'active' | 'expired';
  dueMs: number;
  untilMs: number;
  /** What a timeline says of it (the year tests). */
  label: string;
}

export const MILESTONES: readonly Milestone[] = [
  // 7 days before the card is charged, not before the expiry; the manual reminders below stay silent while automatic renewal is on (decision 0075).
  { name: 'renewal-notice', audience: 'auto-renewing', status: 'active', dueMs: -NOTICE_MS, untilMs: -NOTICE_MS + 2 * DAY_MS, label: 'renewal notice, 7 days before the charge' },
  { name: '7d', audience: 'paid', status: 'active', dueMs: -7 * DAY_MS, untilMs: -5 * DAY_MS, label: '7 days before expiry' },
  { name: '3d', audience: 'paid', status: 'active', dueMs: -3 * DAY_MS, untilMs: -DAY_MS, label: '3 days before expiry' },
  { name: '1d', audience: 'paid', status: 'active', dueMs: -DAY_MS, untilMs: -12 * HOUR_MS, label: '1 day before expiry' },
  // "On the day": the last 12 hours, so a pass a day that steps past the expiry instant still sends it.
  { name: '0d', audience: 'paid', status: 'active', dueMs: -12 * HOUR_MS, untilMs: 0, label: 'expiry day' },
  { name: 'trial-12h', audience: 'trial', status: 'active', dueMs: -12 * HOUR_MS, untilMs: -HOUR_MS, label: 'trial ends in 12 hours' },
  { name: 'trial-1h', audience: 'trial', status: 'active', dueMs: -HOUR_MS, untilMs: 0, label: 'trial ends in 1 hour' },
  { name: 'grace', audience: 'paid', status: 'expired', dueMs: DAY_MS, untilMs: 3 * DAY_MS, label: 'grace notice' },
  { name: 'win-back-7d', audience: 'any', status: 'expired', dueMs: 7 * DAY_MS, untilMs: 9 * DAY_MS, label: 'win-back, 7 days after expiry' },
  { name: 'win-back-30d', audience: 'any', status: 'expired', dueMs: 30 * DAY_MS, untilMs: 32 * DAY_MS, label: 'win-back, 30 days after expiry' },
];

/** The expiry dates for which `milestone` is due at `now`: expiry in (after, upTo]. */
export function dueExpiryRange(milestone: Milestone, now: Date): { after: Date; upTo: Date } {
  return { after: new Date(now.getTime() - milestone.untilMs), upTo: new Date(now.getTime() - milestone.dueMs) };
}

/** The end of a lapsed paid subscription's grace period (GRACE_DAYS after its expiry). */
export function graceEnd(expirationDate: Date, graceDays: number): Date {
  return new Date(expirationDate.getTime() + graceDays * DAY_MS);
}

/**
 * A lapsed subscription's grace (decision 0046), as the account and the admin show it:
 * until when its lines still run, or whether the renewal pass suspended it. `graceDays` is
 * 0 for the trial, which has none.
 */
export function graceState(
  subscription: { status: string; expirationDate: Date; graceSuspendedAt: Date | null },
  graceDays: number,
  now: Date,
): { graceEndsAt: string | null; suspended: boolean } {
  if (subscription.status !== 'expired') return { graceEndsAt: null, suspended: false };
  const ends = graceEnd(subscription.expirationDate, graceDays);
  const inGrace = subscription.graceSuspendedAt === null && ends.getTime() > now.getTime();
  return { graceEndsAt: inGrace ? ends.toISOString() : null, suspended: !inGrace };
}

/** The reminders that ask for a renewal by hand: silent while a saved card renews the subscription, its charge ahead, declined or failed (decision 0075). */
export const MANUAL_RENEWAL_MILESTONES: ReadonlySet<MilestoneName> = new Set(['7d', '3d', '1d', '0d']);
