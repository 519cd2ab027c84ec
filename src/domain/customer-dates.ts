import { DEFAULT_LOCALE, type Locale } from './locales';
import { customerDate, customerDateTime } from './store-time';

// One formatter per language, zone and kind: the account lists many dates a render, and a
// renewal pass writes thousands of emails (decision 0059).
const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const id = `${locale} ${timeZone} ${withTime}`;
  let made = formats.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long', ...(withTime ? { timeStyle: 'short' } : {}) });
    formats.set(id, made);
  }
  return made;
}

/**
 * A date in the customer's zone (decision 0074) and language (decisions 0107, 0111), as the
 * account pages and the emails write it: 'January 4, 2027', or with the time of day and the
 * zone that names it. English keeps the store's own format, the spec's 'MMMM d, yyyy' (Intl's
 * en-US spacing before PM varies between ICU versions); the other languages write Intl's long
 * date in their own words and digits.
 */
export function customerDateIn(locale: Locale, date: Date, timeZone: string, withTime = false): string {
  if (locale === DEFAULT_LOCALE) return withTime ? customerDateTime(date, timeZone) : customerDate(date, timeZone);
  const written = dateFormat(locale, timeZone, withTime).format(date);
  return withTime ? `${written} (${timeZone})` : written;
}
