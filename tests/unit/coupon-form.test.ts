import { describe, expect, it } from 'vitest';
import type { AdminCoupon } from '../../src/contract/admin-coupons';
import {
  couponChangesRequest,
  couponFormOf,
  couponFormSchema,
  couponState,
  couponTerms,
  couponUses,
  EMPTY_COUPON_FORM,
  newCouponFormSchema,
  newCouponRequest,
} from '../../src/client/features/admin/operations/coupon-form';

const SPRING: AdminCoupon = {
  code: 'SPRING25',
  description: 'Spring sale',
  type: 'percentage',
  value: '25.00',
  minOrderAmount: null,
  maxDiscount: '15.00',
  usageLimit: 10,
  usageCount: 3,
  validFrom: '2026-03-01T00:00:00.000Z',
  validTo: '2026-05-31T23:00:00.000Z',
  isActive: true,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

describe("the admin's coupon form and list", () => {
  it('sends blanks as null, the code upper-cased and the limit as a number', () => {
    expect(newCouponRequest({ ...EMPTY_COUPON_FORM, code: 'spring25', description: 'Spring', value: '25', usageLimit: '5' }, 'UTC')).toEqual({
      code: 'SPRING25',
      description: 'Spring',
      type: 'percentage',
      value: '25',
      minOrderAmount: null,
      maxDiscount: null,
      currency: 'USD',
      usageLimit: 5,
      validFrom: null,
      validTo: null,
    });
    expect(newCouponRequest({ ...EMPTY_COUPON_FORM, code: 'x', description: 'y', type: 'fixed', value: '5', minOrderAmount: '30' }, 'UTC').usageLimit).toBeNull();
  });

  it("sends the start date from its first moment and the end date to its last, on the store's clock", () => {
    const form = { ...EMPTY_COUPON_FORM, code: 'x', description: 'y', value: '5', validFrom: '2026-12-01', validTo: '2026-12-31' };
    expect(newCouponRequest(form, 'UTC')).toMatchObject({ validFrom: '2026-12-01T00:00:00.000Z', validTo: '2026-12-31T23:59:59.999Z' });
    // New York is 5 hours behind UTC in winter: its 1 December starts at 05:00 UTC, its 31 December ends at 04:59:59.999 UTC on 1 January.
    expect(newCouponRequest(form, 'America/New_York')).toMatchObject({ validFrom: '2026-12-01T05:00:00.000Z', validTo: '2027-01-01T04:59:59.999Z' });
  });

  it("opens a coupon's dates as the store's days, so what the editor sent comes back as it was typed", () => {
    const written = { ...SPRING, validFrom: '2026-12-01T05:00:00.000Z', validTo: '2027-01-01T04:59:59.999Z' };
    expect(couponFormOf(written, 'America/New_York')).toMatchObject({ validFrom: '2026-12-01', validTo: '2026-12-31' });
    // Midnight UTC on 1 March is still 28 February in New York.
    expect(couponFormOf(SPRING, 'America/New_York')).toMatchObject({ validFrom: '2026-02-28', validTo: '2026-05-31' });
    // A summer day ends at 03:59:59.999 UTC the next day (New York is 4 hours behind then).
    expect(couponChangesRequest(couponFormOf(SPRING, 'America/New_York'), { ...couponFormOf(SPRING, 'America/New_York'), validTo: '2026-04-15' }, 'America/New_York')).toEqual({
      validTo: '2026-04-16T03:59:59.999Z',
    });
  });

  it('refuses an end date before the start date, and takes the same day for both', () => {
    const form = { ...EMPTY_COUPON_FORM, code: 'x', description: 'y', value: '5' };
    const refused = couponFormSchema.safeParse({ ...form, validFrom: '2026-12-02', validTo: '2026-12-01' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['validTo', 'The end date must be on or after the start date']]);
    expect(couponFormSchema.safeParse({ ...form, validFrom: '2026-12-01', validTo: '2026-12-01' }).success).toBe(true);
    expect(couponFormSchema.safeParse({ ...form, validTo: '2026-12-01' }).success).toBe(true);
  });

  it("takes a new code of letters A-Z, digits, - and _ only, with the server's message, and edits an older code as it is", () => {
    const form = { ...EMPTY_COUPON_FORM, description: 'y', value: '5' };
    for (const code of ['<SCRIPT>', '\u202eABC', '=HYPERLINK(', '../']) {
      const refused = newCouponFormSchema.safeParse({ ...form, code });
      expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message]), code).toEqual([['code', 'Coupon code may contain only letters A-Z, digits, - and _']]);
      expect(couponFormSchema.safeParse({ ...form, code }).success, code).toBe(true);
    }
    expect(newCouponFormSchema.safeParse({ ...form, code: ' spring-25_b ' }).success).toBe(true);
  });

  it('opens a coupon in the form as it is, and sends only the fields changed', () => {
    const opened = couponFormOf(SPRING, 'UTC');
    expect(opened).toEqual({
      code: 'SPRING25',
      description: 'Spring sale',
      type: 'percentage',
      value: '25.00',
      minOrderAmount: '',
      maxDiscount: '15.00',
      currency: 'USD',
      usageLimit: '10',
      validFrom: '2026-03-01',
      validTo: '2026-05-31',
    });
    expect(couponChangesRequest(opened, opened, 'UTC')).toEqual({});
    expect(couponChangesRequest(opened, { ...opened, value: '30', usageLimit: '', minOrderAmount: '20.00' }, 'UTC')).toEqual({ value: '30', usageLimit: null, minOrderAmount: '20.00' });
    // An end date cleared is no end; a new one ends at the close of that day. The start, untouched, is not sent.
    expect(couponChangesRequest(opened, { ...opened, validTo: '' }, 'UTC')).toEqual({ validTo: null });
    expect(couponChangesRequest(opened, { ...opened, validTo: '2026-04-15', type: 'fixed' }, 'UTC')).toEqual({ validTo: '2026-04-15T23:59:59.999Z', type: 'fixed' });
  });

  it('sends the currency chosen for a new coupon, opens a coupon in its own, and sends a change of currency alone', () => {
    expect(newCouponRequest({ ...EMPTY_COUPON_FORM, code: 'euro5', description: '5 euros off', type: 'fixed', value: '5', currency: 'EUR' }, 'UTC')).toMatchObject({ code: 'EURO5', value: '5', currency: 'EUR' });
    const opened = couponFormOf({ ...SPRING, currency: 'GBP' }, 'UTC');
    expect(opened.currency).toBe('GBP');
    expect(couponChangesRequest(opened, { ...opened, currency: 'BRL' }, 'UTC')).toEqual({ currency: 'BRL' });
    // A coupon read from a page built before currencies is USD's.
    expect(couponFormOf({ ...SPRING, currency: undefined }, 'UTC').currency).toBe('USD');
  });

  it('says what a coupon gives and how often it was used', () => {
    expect(couponTerms({ type: 'percentage', value: '10.00', maxDiscount: '20.00', minOrderAmount: null })).toBe('10% off, up to $20.00');
    expect(couponTerms({ type: 'fixed', value: '5.00', maxDiscount: null, minOrderAmount: '30.00' })).toBe('$5.00 off, orders over $30.00');
    expect(couponTerms({ type: 'percentage', value: '12.50', maxDiscount: null, minOrderAmount: null })).toBe('12.50% off');
    // Each amount in the coupon's currency (decision 0105), never in dollars.
    expect(couponTerms({ type: 'fixed', value: '5.00', maxDiscount: null, minOrderAmount: '30.00', currency: 'EUR' })).toBe('€5.00 off, orders over €30.00');
    expect(couponTerms({ type: 'percentage', value: '10.00', maxDiscount: '20.00', minOrderAmount: null, currency: 'GBP' })).toBe('10% off, up to £20.00');
    expect(couponTerms({ type: 'fixed', value: '25.00', maxDiscount: null, minOrderAmount: null, currency: 'BRL' })).toBe('R$25.00 off');
    expect(couponUses({ usageCount: 3, usageLimit: 5 })).toBe('3 of 5 used');
    expect(couponUses({ usageCount: 7, usageLimit: null })).toBe('7 used');
  });

  it("says 'Ended' once the end date has passed, 'Scheduled' before the start, and 'Inactive' when switched off", () => {
    const at = (iso: string) => new Date(iso);
    expect(couponState(SPRING, at('2026-04-01T12:00:00Z'))).toEqual({ label: 'Active', variant: 'success' });
    expect(couponState(SPRING, at('2026-06-01T00:00:00Z'))).toEqual({ label: 'Ended', variant: 'secondary' });
    expect(couponState(SPRING, at('2026-02-15T00:00:00Z'))).toEqual({ label: 'Scheduled', variant: 'warning' });
    expect(couponState({ ...SPRING, isActive: false }, at('2026-04-01T12:00:00Z'))).toEqual({ label: 'Inactive', variant: 'secondary' });
    expect(couponState({ ...SPRING, validFrom: null, validTo: null }, at('2030-01-01T00:00:00Z')).label).toBe('Active');
  });
});
