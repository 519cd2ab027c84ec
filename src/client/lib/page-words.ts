import { splitLocalePath } from '#domain/locale-paths';
import { DEFAULT_LOCALE, type Locale } from '#domain/locales';

/**
 * The page's language and the messages it has so far (decision 0106): the store that i18n.ts
 * fills and both it and format-message.ts read. Its own module so that the formatter, loaded
 * on demand by i18n.ts, reads the words without importing its loader back.
 */
const messages = new Map<string, string>();
let locale: Locale = typeof location === 'undefined' ? DEFAULT_LOCALE : splitLocalePath(location.pathname).locale;

/** Takes in messages, and the language they are in when it is named (the page's first words). */
export function takeWords(entries: Record<string, string>, inLocale?: Locale): void {
  if (inLocale) locale = inLocale;
  for (const [key, message] of Object.entries(entries)) messages.set(key, message);
}

/** The page's language. */
export function pageLocale(): Locale {
  return locale;
}

/** A message without arguments, as the catalogue writes it. */
export function t(key: string): string {
  return messages.get(key) ?? key;
}
