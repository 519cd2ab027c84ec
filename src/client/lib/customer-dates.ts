import { customerDateIn } from '#domain/customer-dates';
import type { Locale } from '#domain/locales';
import { pageLocale } from './i18n';

/** A subscription's date as the account and a renewal's checkout write it, in the page's language (customerDateIn). */
export function formatSubscriptionDate(iso: string, timeZone: string, withTime = false, locale: Locale = pageLocale()): string {
  return customerDateIn(locale, new Date(iso), timeZone, withTime);
}
