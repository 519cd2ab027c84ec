/**
 * The languages the store speaks to customers (decision 0106). English is the spec's and is
 * served without a URL prefix; the others under /es, /pt-BR, /fr, /de and /ar.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ar'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Languages written right to left: the page gets dir="rtl". */
const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(locale) ? 'rtl' : 'ltr';
}

/**
 * An amount inside a sentence of `locale`: on a right-to-left line it is isolated left to
 * right (U+2066 ... U+2069), or Arabic's "15.99 US$" shows as "$US 15.99", the symbol's "$"
 * taking the sentence's direction.
 */
export function amountInLine(locale: Locale, amount: string): string {
  return textDirection(locale) === 'rtl' ? `\u2066${amount}\u2069` : amount;
}

/**
 * A name (a package's, its duration) inside a sentence of `locale`: isolated in its own
 * direction (U+2068 ... U+2069) on a right-to-left line, as a <bdi> keeps it in markup
 * (decision 0115), so "1 Month Premium" stays whole in an Arabic sentence.
 */
export function nameInLine(locale: Locale, name: string): string {
  return textDirection(locale) === 'rtl' ? `\u2068${name}\u2069` : name;
}

/**
 * The best supported language for an Accept-Language header: exact tags first in the
 * header's order of preference, then a language's base ("pt-PT" finds "pt-BR", "es-MX"
 * finds "es"); English when nothing matches.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const wanted = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), quality: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  for (const { tag } of wanted) {
    const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split('-')[0];
    const sameLanguage = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === base);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}
