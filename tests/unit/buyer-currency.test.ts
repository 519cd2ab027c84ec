// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { currencyForLanguages } from '../../src/domain/currency-regions';
import { chooseCurrency, effectiveCurrency, refuseCurrency } from '../../src/client/lib/buyer-currency';

/** Which currency the storefront shows (decision 0108). */

describe("the currency of the browser's region", () => {
  it('reads the region of the first language, not its language', () => {
    expect(currencyForLanguages(['pt-BR', 'pt', 'en'])).toBe('BRL');
    expect(currencyForLanguages(['pt-PT'])).toBe('EUR');
    expect(currencyForLanguages(['en-GB', 'en'])).toBe('GBP');
    expect(currencyForLanguages(['en-US'])).toBe('USD');
    expect(currencyForLanguages(['de-DE'])).toBe('EUR');
    expect(currencyForLanguages(['de-CH'])).toBe('USD');
    expect(currencyForLanguages(['fr-FR'])).toBe('EUR');
    expect(currencyForLanguages(['fr-CA'])).toBe('USD');
    expect(currencyForLanguages(['es-ES'])).toBe('EUR');
    expect(currencyForLanguages(['es-MX'])).toBe('USD');
    expect(currencyForLanguages(['ar-EG'])).toBe('USD');
    expect(currencyForLanguages(['en-IE'])).toBe('EUR');
  });

  it("takes a bare language's most likely region", () => {
    expect(currencyForLanguages(['it'])).toBe('EUR');
    expect(currencyForLanguages(['nl'])).toBe('EUR');
    expect(currencyForLanguages(['de'])).toBe('EUR');
    expect(currencyForLanguages(['pt'])).toBe('BRL');
    expect(currencyForLanguages(['en'])).toBe('USD');
    expect(currencyForLanguages(['ja'])).toBe('USD');
  });

  it('is USD for no language or one Intl cannot read', () => {
    expect(currencyForLanguages([])).toBe('USD');
    expect(currencyForLanguages(['not a tag!'])).toBe('USD');
  });
});

describe("the buyer's currency", () => {
  beforeEach(() => localStorage.clear());

  it("is the buyer's choice over the region's, and USD once the server refused it", () => {
    expect(effectiveCurrency({ chosen: null, refused: [] }, ['pt-BR'])).toBe('BRL');
    expect(effectiveCurrency({ chosen: 'EUR', refused: [] }, ['pt-BR'])).toBe('EUR');
    expect(effectiveCurrency({ chosen: 'EUR', refused: ['EUR'] }, ['pt-BR'])).toBe('USD');
    expect(effectiveCurrency({ chosen: null, refused: ['BRL'] }, ['pt-BR'])).toBe('USD');
  });

  it('keeps the choice in local storage, but not what the server refused', () => {
    refuseCurrency('GBP');
    chooseCurrency('EUR');
    expect(JSON.parse(localStorage.getItem('buyer-currency')!)).toMatchObject({ state: { chosen: 'EUR' } });
    expect(localStorage.getItem('buyer-currency')).not.toContain('refused');
  });
});
