import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES } from '../../src/domain/locales';

/**
 * The message catalogues (decision 0106): src/messages/<locale>/<area>.json, flat objects of
 * ICU MessageFormat strings. Every language has every area and every key, a key lives in one
 * area, and every message parses and names the same arguments as the English one.
 */
const root = path.resolve(import.meta.dirname, '../../src/messages');
const folders = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const areasOf = (locale: string) => readdirSync(path.join(root, locale)).filter((file) => file.endsWith('.json')).sort();
const catalogue = (locale: string, area: string) => JSON.parse(readFileSync(path.join(root, locale, area), 'utf8')) as Record<string, unknown>;

/** The names of a parsed message's arguments, nested ones (a plural's branches) too. */
function argumentNames(elements: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(elements)) for (const element of elements) argumentNames(element, names);
  else if (elements && typeof elements === 'object') {
    const element = elements as { type?: number; value?: unknown; options?: Record<string, { value: unknown }>; children?: unknown };
    // Every element but a literal (type 0) and a plural's # (type 7) names an argument.
    if (element.type !== 0 && element.type !== 7 && typeof element.value === 'string') names.add(element.value);
    for (const option of Object.values(element.options ?? {})) argumentNames(option.value, names);
    if (element.children) argumentNames(element.children, names);
  }
  return names;
}

describe('the message catalogues', () => {
  it('are exactly the six languages', () => {
    expect(folders.sort()).toEqual([...SUPPORTED_LOCALES].sort());
    expect(SUPPORTED_LOCALES).toEqual(['en', 'es', 'pt-BR', 'fr', 'de', 'ar']);
  });

  it('have the same area files in every language', () => {
    const english = areasOf('en');
    expect(english).toEqual(expect.arrayContaining(['site.json', 'landing.json']));
    for (const locale of SUPPORTED_LOCALES) expect(areasOf(locale), locale).toEqual(english);
  });

  it('have the same keys in every language, each a non-empty string', () => {
    for (const area of areasOf('en')) {
      const keys = Object.keys(catalogue('en', area)).sort();
      for (const locale of SUPPORTED_LOCALES) {
        const messages = catalogue(locale, area);
        expect(Object.keys(messages).sort(), `${locale}/${area}`).toEqual(keys);
        for (const [key, message] of Object.entries(messages)) expect(typeof message === 'string' && message.trim() !== '', `${locale}/${area} ${key}`).toBe(true);
      }
    }
  });

  it('put each key in one area only', () => {
    const areaOfKey = new Map<string, string>();
    for (const area of areasOf('en')) {
      for (const key of Object.keys(catalogue('en', area))) {
        expect(areaOfKey.get(key), `${key} in ${area}`).toBeUndefined();
        areaOfKey.set(key, area);
      }
    }
  });

  it('parse as ICU MessageFormat and name the same arguments as in English', () => {
    for (const area of areasOf('en')) {
      const english = catalogue('en', area) as Record<string, string>;
      for (const locale of SUPPORTED_LOCALES) {
        for (const [key, message] of Object.entries(catalogue(locale, area) as Record<string, string>)) {
          let parsed: IntlMessageFormat | undefined;
          expect(() => (parsed = new IntlMessageFormat(message, locale)), `${locale}/${area} ${key}`).not.toThrow();
          const englishArguments = argumentNames(new IntlMessageFormat(english[key]!, 'en').getAst());
          expect([...argumentNames(parsed!.getAst())].sort(), `${locale}/${area} ${key}`).toEqual([...englishArguments].sort());
        }
      }
    }
  });

  it('fail a broken message, and count a plural argument', () => {
    expect(() => new IntlMessageFormat('{count, plural, one {# item}', 'en')).toThrow();
    expect([...argumentNames(new IntlMessageFormat('{count, plural, one {Cart, # item} other {Cart, # items}}', 'en').getAst())]).toEqual(['count']);
    expect(new IntlMessageFormat(catalogue('ar', 'site.json')['site.cartCount'] as string, 'ar').format({ count: 2 })).toBe('السلة، عنصران');
  });
});
