import { describe, expect, it } from 'vitest';
import { localeAlternates, localizedPath, preferredLocale, splitLocalePath } from '../../src/domain/locale-paths';

/**
 * The order in which a page's language is chosen (decision 0106): the address's prefix, then
 * the saved choice, then Accept-Language, then English.
 */
describe("a page's language", () => {
  it('is the prefix of the address first, English when there is none', () => {
    expect(splitLocalePath('/es')).toEqual({ locale: 'es', path: '/', prefixed: true });
    expect(splitLocalePath('/pt-BR/checkout')).toEqual({ locale: 'pt-BR', path: '/checkout', prefixed: true });
    expect(splitLocalePath('/ar/account/receipts/SP-1')).toEqual({ locale: 'ar', path: '/account/receipts/SP-1', prefixed: true });
    expect(splitLocalePath('/checkout')).toEqual({ locale: 'en', path: '/checkout', prefixed: false });
    // English has no prefix, and a tag is matched as written.
    expect(splitLocalePath('/en/checkout')).toEqual({ locale: 'en', path: '/en/checkout', prefixed: false });
    expect(splitLocalePath('/pt-br')).toEqual({ locale: 'en', path: '/pt-br', prefixed: false });
    expect(splitLocalePath('/essentials')).toEqual({ locale: 'en', path: '/essentials', prefixed: false });
  });

  it('is the saved choice next, then Accept-Language, then English', () => {
    expect(preferredLocale('fr', 'de-DE,de;q=0.9')).toBe('fr');
    expect(preferredLocale('en', 'de-DE')).toBe('en');
    expect(preferredLocale(undefined, 'de-DE,de;q=0.9')).toBe('de');
    expect(preferredLocale('xx', 'pt-PT,pt;q=0.9')).toBe('pt-BR');
    expect(preferredLocale(undefined, 'ja-JP')).toBe('en');
    expect(preferredLocale(undefined, undefined)).toBe('en');
  });

  it("writes a page's address in each language", () => {
    expect(localizedPath('en', '/checkout')).toBe('/checkout');
    expect(localizedPath('es', '/')).toBe('/es');
    expect(localizedPath('ar', '/login')).toBe('/ar/login');
    expect(localeAlternates('/login')).toEqual([
      { locale: 'en', path: '/login' },
      { locale: 'es', path: '/es/login' },
      { locale: 'pt-BR', path: '/pt-BR/login' },
      { locale: 'fr', path: '/fr/login' },
      { locale: 'de', path: '/de/login' },
      { locale: 'ar', path: '/ar/login' },
    ]);
  });
});
