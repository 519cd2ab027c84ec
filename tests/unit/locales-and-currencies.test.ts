import { describe, expect, it } from 'vitest';
import { addMoney, formatPrice, isCurrencyCode, money, SUPPORTED_CURRENCIES } from '../../src/domain/currencies';
import { isLocale, localeFromAcceptLanguage, SUPPORTED_LOCALES, textDirection } from '../../src/domain/locales';

describe('the store speaks six languages', () => {
  it('lists them, English first, Arabic right to left', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'es', 'pt-BR', 'fr', 'de', 'ar']);
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('pt-BR')).toBe('ltr');
    expect(isLocale('pt-BR')).toBe(true);
    expect(isLocale('pt')).toBe(false);
  });

  it("picks the best one from Accept-Language by quality, then by the language's base", () => {
    expect(localeFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('pt-PT')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('es-MX,es;q=0.9')).toBe('es');
    expect(localeFromAcceptLanguage('ja,de;q=0.5,fr;q=0.7')).toBe('fr');
    expect(localeFromAcceptLanguage('ar-EG')).toBe('ar');
    expect(localeFromAcceptLanguage('ja, zh;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('de;q=0')).toBe('en');
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
  });
});

describe('money carries its currency', () => {
  it('sells in USD, EUR, GBP and BRL', () => {
    expect(SUPPORTED_CURRENCIES).toEqual(['USD', 'EUR', 'GBP', 'BRL']);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });

  it('adds amounts of one currency and refuses to add across currencies', () => {
    expect(addMoney(money(1599, 'EUR'), money(100, 'EUR'))).toEqual({ minor: 1699, currency: 'EUR' });
    expect(() => addMoney(money(1599, 'EUR'), money(100, 'USD'))).toThrow('Cannot add USD to EUR');
    expect(() => money(15.5, 'USD')).toThrow();
  });

  it("writes an amount the way the reader's language does", () => {
    expect(formatPrice(money(1599, 'USD'), 'en')).toBe('$15.99');
    expect(formatPrice(money(7990, 'BRL'), 'pt-BR')).toBe('R$\u00a079,90');
    expect(formatPrice(money(1499, 'EUR'), 'de')).toBe('14,99\u00a0€');
    expect(formatPrice(money(1299, 'GBP'), 'en')).toBe('£12.99');
  });
});
