import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, SUPPORTED_LOCALES, type Locale } from './locales';

/**
 * A storefront page's address in each language (decision 0106): English unprefixed (the
 * spec's paths), the others under their tag, `/es`, `/es/checkout`, `/pt-BR/account`.
 */

/** The cookie the language switcher sets: the saved choice, which outranks Accept-Language. */
export const LOCALE_COOKIE = 'locale';

/** The language a path names by its first segment, and the path without it. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const match = /^\/([^/?#]+)(.*)$/.exec(pathname);
  const segment = match?.[1];
  if (segment && segment !== DEFAULT_LOCALE && isLocale(segment)) {
    const rest = match[2] ?? '';
    return { locale: segment, path: rest.startsWith('/') ? rest : `/${rest}`, prefixed: true };
  }
  return { locale: DEFAULT_LOCALE, path: pathname, prefixed: false };
}

/** The base path of a language's pages: '' for English, '/es' for Spanish. */
export function localeBase(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A page's path in a language: ('es', '/checkout') is /es/checkout, ('es', '/') is /es. */
export function localizedPath(locale: Locale, path: string): string {
  const base = localeBase(locale);
  if (!base) return path;
  return path === '/' ? base : `${base}${path}`;
}

/** Every language's address of one page, for the hreflang alternates and the switcher. */
export function localeAlternates(path: string): Array<{ locale: Locale; path: string }> {
  return SUPPORTED_LOCALES.map((locale) => ({ locale, path: localizedPath(locale, path) }));
}

/**
 * The language a visitor gets when the address names none: the switcher's saved choice (a
 * supported one), else the best match of Accept-Language, else English.
 */
export function preferredLocale(savedChoice: string | undefined, acceptLanguage: string | undefined): Locale {
  return isLocale(savedChoice) ? savedChoice : localeFromAcceptLanguage(acceptLanguage);
}
