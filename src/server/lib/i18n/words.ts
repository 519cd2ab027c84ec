import { IntlMessageFormat } from 'intl-messageformat';
import { money, type CurrencyCode, formatPrice } from '#domain/currencies';
import { DEFAULT_LOCALE, isLocale, textDirection, type Locale } from '#domain/locales';
import { formatDollars, type Cents } from '#domain/money';
import { customerDateIn } from '#domain/customer-dates';
import { CATALOGUES, type MessageKey } from './catalogues';

/**
 * The server's words in a customer's language (decision 0107): the catalogues' ICU messages
 * formatted with FormatJS, dates and amounts through Intl in that language. English keeps
 * the store's own helpers (customerDate, formatDollars), so that its emails stay exactly as
 * they were written before there were other languages.
 */
export interface Words {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** The catalogue's message of `key`, its {placeholders} filled. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** 'January 4, 2027' in the customer's zone. */
  date: (date: Date, timeZone: string) => string;
  /** 'January 4, 2027 at 2:05 PM (America/New_York)'. */
  dateTime: (date: Date, timeZone: string) => string;
  /** '$15.99', '15,99 €', 'R$ 15,99'. */
  price: (cents: Cents, currency: CurrencyCode) => string;
}

/** A formatter made once per language and message: a renewal pass writes thousands of emails (decision 0059). */
const messages = new Map<string, IntlMessageFormat>();

function message(locale: Locale, key: MessageKey): IntlMessageFormat {
  const id = `${locale} ${key}`;
  let made = messages.get(id);
  if (!made) {
    made = new IntlMessageFormat(CATALOGUES[locale][key], locale, undefined, { ignoreTag: true });
    messages.set(id, made);
  }
  return made;
}

const made = new Map<Locale, Words>();

export function wordsIn(locale: Locale): Words {
  let words = made.get(locale);
  if (words) return words;
  const english = locale === DEFAULT_LOCALE;
  words = {
    locale,
    dir: textDirection(locale),
    t: (key, values) => String(message(locale, key).format(values)),
    date: (date, timeZone) => customerDateIn(locale, date, timeZone),
    dateTime: (date, timeZone) => customerDateIn(locale, date, timeZone, true),
    price: (cents, currency) => (english && currency === 'USD' ? formatDollars(cents) : formatPrice(money(cents, currency), locale)),
  };
  made.set(locale, words);
  return words;
}

/** The language kept with an order or a customer, English when none or one no longer spoken. */
export const localeOr = (...kept: ReadonlyArray<string | null | undefined>): Locale => kept.find(isLocale) ?? DEFAULT_LOCALE;
