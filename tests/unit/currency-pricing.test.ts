import { describe, expect, it } from 'vitest';
import { deviceCountForSubtotal, deviceFee, deviceFeeIn, priceOrder } from '../../src/domain/pricing';
import { currencyOf } from '../../src/server/features/catalog/price-lists';

/** Prices per currency (decision 0104): each currency's own device fee, never a converted one. */
describe('pricing in a currency', () => {
  it('charges each extra device its currency\'s own fee, USD\'s being the spec\'s 5.99', () => {
    expect([1, 2, 3, 4].map((devices) => deviceFeeIn(devices, 'USD'))).toEqual([0, 599, 1198, 1797]);
    expect(deviceFee(4)).toBe(1797);
    expect(deviceFeeIn(2, 'EUR')).toBe(549);
    expect(deviceFeeIn(3, 'GBP')).toBe(998);
    expect(deviceFeeIn(4, 'BRL')).toBe(8997);
  });

  it('prices an order in one currency, coupon included, and reads a device count back from its subtotal', () => {
    expect(priceOrder(1499, 2, 300, 'EUR')).toEqual({ packagePrice: 1499, deviceFee: 549, subtotal: 2048, discount: 300, total: 1748, isFree: false });
    expect(priceOrder(7999, 1, 0, 'BRL').total).toBe(7999);
    expect(deviceCountForSubtotal(7999, 10998, 'BRL')).toBe(2);
    expect(deviceCountForSubtotal(7999, 10998)).toBeNull();
  });

  it('reads a requested currency in any case, USD when none, and refuses one the store does not sell in', () => {
    expect(currencyOf(undefined, ['USD', 'EUR'])).toBe('USD');
    expect(currencyOf(' eur ', ['USD', 'EUR'])).toBe('EUR');
    expect(() => currencyOf('GBP', ['USD', 'EUR'])).toThrow('Unsupported currency. Supported currencies: USD, EUR');
  });
});
