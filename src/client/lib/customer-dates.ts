import { customerDate, customerDateTime } from '#domain/store-time';
import { DEFAULT_LOCALE } from '#domain/locales';
import { pageLocale } from './i18n';

/**
 * A date in the customer's zone (decision 0074), as the account and a renewal's checkout write
 * it: 'January 4, 2027', or with the time of day and the zone that names it, as for the trial,
 * whose hours count.
 */
export function formatSubscriptionDate(iso: string, timeZone: string, withTime = false): string {
  const date = new Date(iso);
  return withTime ? customerDateTime(date, timeZone) : customerDate(date, timeZone);
}

/**
 * A day on the customer's calendar in the page's language (decision 0106): English as
 * formatSubscriptionDate writes it, other languages through Intl ('4 de janeiro de 2027').
 */
export function formatPageDate(iso: string, timeZone: string): string {
  const locale = pageLocale();
  if (locale === DEFAULT_LOCALE) return formatSubscriptionDate(iso, timeZone);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso));
}
