/**
 * The rules of the panel's watch (decision 0093), pure so that tests pin them with literal
 * numbers: when the owner is alerted, what a check's latency figures are, and how long the
 * reseller's credits last at the store's recent sales.
 */

/** The owner is alerted once the panel has failed every check for this long. */
export const UNREACHABLE_ALERT_MINUTES = 5;
/** ... or once the credits would run out within this many days at the recent sales. */
export const CREDITS_ALERT_DAYS = 3;
/** The sales the credits' rate is read from: the devices provisioned in the last 7 days. */
export const SALES_WINDOW_DAYS = 7;

export const PANEL_ALERT_KINDS = ['unreachable', 'credits_low'] as const;
export type PanelAlertKind = (typeof PANEL_ALERT_KINDS)[number];

const MINUTE_MS = 60_000;

/** The minute a check counts for: its start, truncated (one result per minute, decision 0093). */
export const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * Whether a run of failed checks is long enough to tell the owner: from the run's first
 * failed minute to its latest, at least UNREACHABLE_ALERT_MINUTES (failures at 12:00 to 12:04
 * are 4 minutes and no alert; one more at 12:05 makes 5).
 */
export const unreachableLongEnough = (firstFailure: Date, latestFailure: Date): boolean =>
  latestFailure.getTime() - firstFailure.getTime() >= UNREACHABLE_ALERT_MINUTES * MINUTE_MS;

/**
 * Credits used a day at the last 7 days' sales: one credit per device provisioned (a line on
 * the panel, for a new subscription, a renewal or a trial), divided by 7.
 */
export const creditsPerDay = (devicesLast7Days: number): number => devicesLast7Days / SALES_WINDOW_DAYS;

/**
 * Days the credits last at that rate: 0 when none are left, null when nothing was
 * provisioned in the last 7 days (at that rate they never run out).
 */
export function creditDays(credits: number, devicesLast7Days: number): number | null {
  if (credits <= 0) return 0;
  if (devicesLast7Days <= 0) return null;
  return credits / creditsPerDay(devicesLast7Days);
}

/** The credits run out within CREDITS_ALERT_DAYS (3 days exactly included). */
export const creditsRunLow = (days: number | null): boolean => days !== null && days <= CREDITS_ALERT_DAYS;

/**
 * The nearest-rank percentile of values sorted ascending: the smallest value with at least
 * `fraction` of them at or below it (p50 of 10, 20, 30, 40 is 20; p99 of 60 values is the
 * largest). Null for no values.
 */
export function nearestRank(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  // Less a hair: 0.57 * 100 is 57.00000000000001 in floating point, whose ceiling would skip a rank.
  const rank = Math.max(1, Math.ceil(fraction * sorted.length - 1e-9));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Credits as the owner reads them: '45', '12.5', '1,200' (up to two decimals). */
export const creditsText = (credits: number): string => credits.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Days as the owner reads them: '1 day', '4.5 days' (one decimal at most). */
export function daysText(days: number): string {
  const shown = days.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `${shown} ${shown === '1' ? 'day' : 'days'}`;
}
