import type { Locale } from '#domain/locales';

/**
 * The storefront's message catalogues (src/messages/<locale>/<area>.json, decision 0106), read
 * into the server's bundle, for the words a page needs at its first paint: the server writes
 * them into the page's HTML, so the first JavaScript carries no catalogue of its own.
 */
const catalogues = import.meta.glob<Record<string, string>>('../../messages/*/*.json', { eager: true, import: 'default' });

function catalogue(locale: Locale, area: string): Record<string, string> {
  return catalogues[`../../messages/${locale}/${area}.json`] ?? {};
}

/** The areas' messages in one language, and which areas they are. */
export function pageMessages(locale: Locale, areas: readonly string[]): { locale: Locale; areas: readonly string[]; messages: Record<string, string> } {
  return { locale, areas, messages: Object.assign({}, ...areas.map((area) => catalogue(locale, area))) as Record<string, string> };
}
