// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Package } from '../../src/contract/packages';
import { TRIAL_CART_PACKAGE } from '../../src/domain/catalog';
import { cartIsIn, priceCartIn } from '../../src/client/lib/cart-currency';
import type { CartItem } from '../../src/client/lib/cart-store';

/** The cart follows the buyer's currency (decision 0108): priced again from that currency's list, or dropped. */

const listed = (id: string, price: string, currency: Package['currency']): Package => ({
  id,
  name: id,
  duration: '1 Month',
  price,
  cashback: '10.00',
  channels: '18,000+',
  quality: '4K',
  devices: 4,
  vod: null,
  features: [],
  popular: false,
  requiresShipping: false,
  currency,
});
const inCart = (item: Partial<CartItem> & Pick<CartItem, 'id' | 'price'>): CartItem => ({ name: item.id, duration: '1 Month', cashback: '10.00', popular: false, features: [], quantity: 1, ...item });

describe("the cart in the buyer's currency", () => {
  const euros = [listed('one-month', '14.99', 'EUR'), listed('free', '0.00', 'EUR')];

  it("re-prices an item from the list of the buyer's currency, keeping what the buyer chose about it", () => {
    const item = inCart({ id: 'one-month', price: '15.99', currency: 'USD', deviceCount: 3, selectedGiftCard: 'Amazon' });
    expect(priceCartIn([item], 'EUR', euros)).toEqual({ items: [{ ...item, price: '14.99', currency: 'EUR' }], dropped: [] });
  });

  it('reads an item stored before currencies as dollars', () => {
    const old = inCart({ id: 'one-month', price: '15.99' });
    expect(cartIsIn([old], 'USD')).toBe(true);
    expect(cartIsIn([old], 'EUR')).toBe(false);
    expect(priceCartIn([old], 'USD', [])).toEqual({ items: [old], dropped: [] });
    expect(priceCartIn([old], 'EUR', euros).items[0]).toMatchObject({ price: '14.99', currency: 'EUR' });
  });

  it("drops an item the currency does not sell, never showing it at another currency's number", () => {
    const box = inCart({ id: 'streaming-box', price: '99.99', currency: 'USD' });
    expect(priceCartIn([box], 'BRL', [listed('one-month', '79.90', 'BRL')])).toEqual({ items: [], dropped: [box] });
  });

  it('keeps the free trial free in every currency', () => {
    const trial = inCart({ ...TRIAL_CART_PACKAGE, features: [...TRIAL_CART_PACKAGE.features] });
    expect(priceCartIn([trial], 'GBP', [])).toEqual({ items: [{ ...trial, currency: 'GBP' }], dropped: [] });
  });

  it('leaves an item already in the currency as it is', () => {
    const item = inCart({ id: 'one-month', price: '14.99', currency: 'EUR' });
    expect(priceCartIn([item], 'EUR', [])).toEqual({ items: [item], dropped: [] });
    expect(cartIsIn([], 'GBP')).toBe(true);
  });
});
