import { describe, expect, it } from 'vitest';
import { refundTooLarge, adminOrderActionMessages } from '../../src/contract/admin-orders';
import { listPriceChanges, listPriceError, listPricesLine } from '../../src/client/features/admin/operations/package-prices';
import { expectedRevenueLine } from '../../src/client/features/admin/renewals/renewal-view';
import { amountsByCurrency, formatAmountIn } from '../../src/client/features/admin/shared/admin-view';

/** The admin's amounts in their own currency (decision 0105), as the view helpers write them. */

const ORDER = 'SP-1700000000000-123';
const PRICES = { EUR: '14.99', GBP: '12.99', BRL: '79.99' };

describe("a package's prices in other currencies", () => {
  it('shows them on one line, a dash for a currency the package is not sold in', () => {
    expect(listPricesLine({ prices: PRICES })).toBe('€14.99 · £12.99 · R$79.99');
    expect(listPricesLine({ prices: { ...PRICES, GBP: null } })).toBe('€14.99 · GBP — · R$79.99');
    expect(listPricesLine({})).toBe('EUR — · GBP — · BRL —');
  });

  it('takes a price such as 12.34 above zero, or blank; anything else in words that name the currency', () => {
    expect(listPriceError('14.99', 'EUR')).toBeNull();
    expect(listPriceError(' 15 ', 'EUR')).toBeNull();
    expect(listPriceError('', 'GBP')).toBeNull();
    expect(listPriceError('14,99', 'EUR')).toBe('Price in EUR must be an amount such as 12.34');
    expect(listPriceError('1.999', 'BRL')).toBe('Price in BRL must be an amount such as 12.34');
    expect(listPriceError('0.00', 'GBP')).toBe('Price in GBP must be more than 0.00, or blank to stop selling the package in GBP');
  });

  it('sends only the prices changed, blank as null, and nothing when none changed', () => {
    const typed = { EUR: '14.99', GBP: '12.99', BRL: '79.99' };
    expect(listPriceChanges({ prices: PRICES }, typed)).toBeUndefined();
    expect(listPriceChanges({ prices: PRICES }, { ...typed, EUR: '13.5', BRL: '' })).toEqual({ EUR: '13.50', BRL: null });
    expect(listPriceChanges({ prices: { ...PRICES, GBP: null } }, { ...typed, GBP: '11' })).toEqual({ GBP: '11.00' });
  });
});

describe('figures kept per currency', () => {
  it('writes each currency apart, USD first and always, never a sum', () => {
    expect(amountsByCurrency('15.99', { USD: '15.99' })).toBe('$15.99');
    expect(amountsByCurrency('15.99', { USD: '15.99', EUR: '25.98', BRL: '12480.50' })).toBe('$15.99 · €25.98 · R$12,480.50');
    expect(
      expectedRevenueLine([
        { currency: 'USD', count: 1, expectedRevenue: '15.99' },
        { currency: 'GBP', count: 2, expectedRevenue: '25.98' },
      ]),
    ).toBe('$15.99 · £25.98');
  });

  it("writes a provider's amount in its currency, whatever the code's case, and an unknown code beside the amount", () => {
    expect(formatAmountIn('15.99', 'usd')).toBe('$15.99');
    expect(formatAmountIn('14.99', 'eur')).toBe('€14.99');
    expect(formatAmountIn('1500', 'jpy')).toBe('1500 JPY');
  });
});

describe("the refund's words in the order's currency", () => {
  it('keeps the dollars of a USD order and names the currency of any other', () => {
    expect(refundTooLarge(ORDER, 1099, 'USD')).toBe(`At most $10.99 is left to refund on ${ORDER}`);
    expect(refundTooLarge(ORDER, 999, 'EUR')).toBe(`At most €9.99 is left to refund on ${ORDER}`);
    expect(refundTooLarge(ORDER, 0, 'BRL')).toBe(`Nothing is left to refund on ${ORDER}`);
    expect(adminOrderActionMessages.partlyRefunded(ORDER, 500, 7499, 'BRL')).toBe(`Refunded R$5.00 of order ${ORDER}; R$74.99 is left`);
  });
});
