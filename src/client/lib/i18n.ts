import { use, useEffect, useState } from 'react';
import { localeBase } from '#domain/locale-paths';
import { isLocale, type Locale } from '#domain/locales';
import { pageLocale, t, takeWords } from './page-words';

// The page's language and `t` live in page-words.ts, which the formatter reads too; they are
// asked for here with the rest of the page's words.
export { pageLocale, t };

/**
 * The page's words (decision 0106). One language per document: the address's prefix names it
 * and the switcher loads the page anew in another. The server writes the first paint's areas
 * into the HTML (#page-messages); a page's other areas are catalogue files loaded on demand.
 * `t` gives a message without arguments as it is written; messages with ICU arguments go
 * through formatMessage (format-message.ts), whose formatter stays out of the first JavaScript.
 */
const loadedAreas = new Map<string, Promise<void> | true>();

/** Takes in an area's messages (or several areas') in the page's language. */
export function addMessages(forLocale: Locale, areas: readonly string[], entries: Record<string, string>): void {
  takeWords(entries, forLocale);
  for (const area of areas) loadedAreas.set(area, true);
}

/** The messages the server wrote into this document, before the app's first render. */
export function readPageMessages(): void {
  const data = document.getElementById('page-messages')?.textContent;
  if (!data) return;
  const page = JSON.parse(data) as { locale: string; areas: string[]; messages: Record<string, string> };
  if (isLocale(page.locale)) addMessages(page.locale, page.areas, page.messages);
}

/** The base of the page's addresses: '' in English, '/es' in Spanish (the router's base). */
export function pageBase(): string {
  return localeBase(pageLocale());
}

function loadArea(area: string): Promise<void> | true {
  let loaded = loadedAreas.get(area);
  if (!loaded) {
    loaded = import('./catalogue-files')
      .then(({ loadCatalogue }) => loadCatalogue(pageLocale(), area))
      .then((entries) => {
        takeWords(entries);
        loadedAreas.set(area, true);
      });
    loadedAreas.set(area, loaded);
  }
  return loaded;
}

/** Makes sure the areas' messages are here, suspending the component until they are; then `t`. */
export function useMessages(...areas: string[]): typeof t {
  for (const area of areas) {
    const loaded = loadArea(area);
    if (loaded !== true) use(loaded);
  }
  return t;
}

/** Loads the areas' messages ahead of a component that needs them (a lazy part's loader). */
export function preloadMessages(...areas: string[]): Promise<unknown> {
  return Promise.all(areas.map((area) => Promise.resolve(loadArea(area))));
}

type Formatter = typeof import('./format-message');
let formatter: Formatter | undefined;

/** The ICU formatter, loaded on demand (format-message.ts). */
export function loadFormatter(): Promise<Formatter> {
  return import('./format-message').then((module) => (formatter = module));
}

/** A message with arguments once the formatter is here; null before (the caller shows a plainer message). */
export function formatWhenLoaded(key: string, values: Record<string, string | number>): string | null {
  return formatter ? formatter.formatMessage(key, values) : null;
}

/** Loads the formatter once `needed`, after the render, and renders the component again when it is here. */
export function useFormatter(needed: boolean): boolean {
  const [loaded, setLoaded] = useState(formatter !== undefined);
  useEffect(() => {
    if (needed && !loaded) void loadFormatter().then(() => setLoaded(true));
  }, [needed, loaded]);
  return loaded;
}
