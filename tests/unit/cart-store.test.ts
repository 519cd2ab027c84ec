// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cartTotal, useCart, type CartPackage } from '../../src/client/lib/cart-store';

const pkg = (id: string, price: string): CartPackage => ({ id, name: id, duration: '1 Month', price, cashback: '10.00', popular: false, features: [] });

describe('the cart (spec section 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    useCart.setState({ items: [], isOpen: false });
  });

  it('holds one package at a time, quantity 1: adding replaces the cart', () => {
    useCart.getState().addItem(pkg('a', '15.99'));
    useCart.getState().addItem(pkg('b', '39.99'));
    expect(useCart.getState().items).toEqual([{ ...pkg('b', '39.99'), quantity: 1 }]);
  });

  it('removes by id, clears, opens and closes', () => {
    const cart = useCart.getState();
    cart.addItem(pkg('a', '15.99'));
    cart.removeItem('other');
    expect(useCart.getState().items).toHaveLength(1);
    cart.removeItem('a');
    expect(useCart.getState().items).toHaveLength(0);
    cart.addItem(pkg('a', '15.99'));
    cart.clearCart();
    expect(useCart.getState().items).toHaveLength(0);
    cart.openCart();
    expect(useCart.getState().isOpen).toBe(true);
    cart.closeCart();
    expect(useCart.getState().isOpen).toBe(false);
  });

  it('persists items and isOpen in local storage under cart-storage', () => {
    useCart.getState().addItem(pkg('a', '15.99'));
    useCart.getState().openCart();
    const stored = JSON.parse(localStorage.getItem('cart-storage')!) as { state: { items: Array<{ id: string }>; isOpen: boolean } };
    expect(stored.state.items[0]!.id).toBe('a');
    expect(stored.state.isOpen).toBe(true);
  });

  it('totals the prices as given, in their currency (dollars for an item stored before currencies)', () => {
    expect(cartTotal([{ ...pkg('a', '15.99'), quantity: 1 }])).toEqual({ minor: 1599, currency: 'USD' });
    expect(cartTotal([{ ...pkg('a', '79.90'), currency: 'BRL', quantity: 1 }])).toEqual({ minor: 7990, currency: 'BRL' });
    expect(cartTotal([])).toEqual({ minor: 0, currency: 'USD' });
    expect(() => cartTotal([{ ...pkg('a', '15.99'), quantity: 1 }, { ...pkg('b', '14.99'), currency: 'EUR', quantity: 1 }])).toThrow('Cannot add EUR to USD');
  });
});
