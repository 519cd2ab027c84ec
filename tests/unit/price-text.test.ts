import { afterEach, describe, expect, it } from 'vitest';
import { addMessages } from '../../src/client/lib/i18n';
import { cashbackText, extraDeviceFeeText, priceText } from '../../src/client/lib/price-text';

/** Prices in their currency, in the page's language (decision 0108). */
describe("the storefront's prices", () => {
  afterEach(() => addMessages('en', [], {}));

  it('writes English dollars exactly as the spec does', () => {
    expect(priceText('15.99')).toBe('$15.99');
    expect(priceText('0.00', 'USD')).toBe('$0.00');
    expect(cashbackText('10.00')).toBe('$10.00');
    expect(extraDeviceFeeText('USD')).toBe('$5.99');
  });

  it("writes each currency as the page's language does, and cashback always in dollars", () => {
    addMessages('pt-BR', [], {});
    expect(priceText('79.99', 'BRL')).toBe('R$\u00a079,99');
    expect(priceText('14.99', 'EUR')).toBe('€\u00a014,99');
    expect(cashbackText('10.00')).toBe('US$\u00a010,00');
    expect(extraDeviceFeeText('BRL')).toBe('R$\u00a029,99');
    addMessages('de', [], {});
    expect(priceText('12.99', 'GBP')).toBe('12,99\u00a0£');
  });

  it('isolates an amount left to right on a right-to-left page', () => {
    addMessages('ar', [], {});
    expect(priceText('15.99', 'USD')).toBe('\u2066\u200f15.99\u00a0US$\u2069');
  });
});
