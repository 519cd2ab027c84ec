import { describe, expect, it } from 'vitest';
import { couponTerms, couponUses, EMPTY_COUPON_FORM, newCouponRequest } from '../../src/client/features/admin/operations/coupon-form';

describe("the admin's coupon form and list", () => {
  it('sends blanks as null, the code upper-cased and the limit as a number', () => {
    expect(newCouponRequest({ ...EMPTY_COUPON_FORM, code: 'spring25', description: 'Spring', value: '25', usageLimit: '5' })).toEqual({
      code: 'SPRING25',
      description: 'Spring',
      type: 'percentage',
      value: '25',
      minOrderAmount: null,
      maxDiscount: null,
      usageLimit: 5,
    });
    expect(newCouponRequest({ ...EMPTY_COUPON_FORM, code: 'x', description: 'y', type: 'fixed', value: '5', minOrderAmount: '30' }).usageLimit).toBeNull();
  });

  it('says what a coupon gives and how often it was used', () => {
    expect(couponTerms({ type: 'percentage', value: '10.00', maxDiscount: '20.00', minOrderAmount: null })).toBe('10% off, up to $20.00');
    expect(couponTerms({ type: 'fixed', value: '5.00', maxDiscount: null, minOrderAmount: '30.00' })).toBe('$5.00 off, orders over $30.00');
    expect(couponTerms({ type: 'percentage', value: '12.50', maxDiscount: null, minOrderAmount: null })).toBe('12.50% off');
    expect(couponUses({ usageCount: 3, usageLimit: 5 })).toBe('3 of 5 used');
    expect(couponUses({ usageCount: 7, usageLimit: null })).toBe('7 used');
  });
});
