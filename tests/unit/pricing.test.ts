import { describe, expect, it } from 'vitest';
import { couponDiscount, deviceCountForSubtotal, deviceFee, priceOrder } from '../../src/domain/pricing';

describe('pricing', () => {
  it('charges $5.99 for each device beyond the first, up to 4', () => {
    expect([1, 2, 3, 4].map(deviceFee)).toEqual([0, 599, 1198, 1797]);
    for (const bad of [0, 5, -1, 2.5, Number.NaN]) expect(() => deviceFee(bad)).toThrow(RangeError);
  });

  it('prices an order: subtotal = price + device fee, total = subtotal - discount', () => {
    expect(priceOrder(1599, 3, 280)).toEqual({ packagePrice: 1599, deviceFee: 1198, subtotal: 2797, discount: 280, total: 2517, isFree: false });
  });

  it('never lets the total go below zero, and calls a zero total free', () => {
    expect(priceOrder(1599, 1, 5000)).toMatchObject({ subtotal: 1599, discount: 1599, total: 0, isFree: true });
    expect(priceOrder(0, 1)).toMatchObject({ total: 0, isFree: true });
  });

  it('takes a percentage rounded to the nearest cent, capped by the maximum discount', () => {
    const tenPercent = { type: 'percentage' as const, value: 1000, maxDiscount: null };
    expect(couponDiscount(tenPercent, 1599)).toBe(160);
    expect(couponDiscount(tenPercent, 2797)).toBe(280);
    expect(couponDiscount(tenPercent, 2194)).toBe(219);
    expect(couponDiscount({ ...tenPercent, maxDiscount: 2000 }, 50_000)).toBe(2000);
    expect(couponDiscount({ type: 'percentage', value: 12_50, maxDiscount: null }, 1000)).toBe(125);
  });

  it('takes a fixed amount, never more than the subtotal', () => {
    expect(couponDiscount({ type: 'fixed', value: 500, maxDiscount: null }, 3999)).toBe(500);
    expect(couponDiscount({ type: 'fixed', value: 500, maxDiscount: null }, 300)).toBe(300);
    expect(couponDiscount({ type: 'fixed', value: 500, maxDiscount: 200 }, 3999)).toBe(200);
  });

  it('reads the device count back from a subtotal, or null when none matches', () => {
    expect(deviceCountForSubtotal(1599, 1599)).toBe(1);
    expect(deviceCountForSubtotal(1599, 2198)).toBe(2);
    expect(deviceCountForSubtotal(1599, 3396)).toBe(4);
    expect(deviceCountForSubtotal(1599, 3995)).toBeNull();
    expect(deviceCountForSubtotal(1599, 1)).toBeNull();
  });
});
