import { customerDate, customerDateTime } from '#domain/store-time';

/**
 * A date in the customer's zone (decision 0074), as the account and a renewal's checkout write
 * it: 'January 4, 2027', or with the time of day and the zone that names it, as for the trial,
 * whose hours count.
 */
export function formatSubscriptionDate(iso: string, timeZone: string, withTime = false): string {
  const date = new Date(iso);
  return withTime ? customerDateTime(date, timeZone) : customerDate(date, timeZone);
}
