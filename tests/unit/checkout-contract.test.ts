import { describe, expect, it } from 'vitest';
import { checkoutRequestSchema, demoCardSchema, deviceCountSchema, validateCouponRequestSchema } from '../../src/contract/checkout';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('checkout form schema (shared by the page and the server)', () => {
  const form = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', packageId: 'p', deviceCount: '2' };

  it("takes the page's select value '1'..'4' or a number, and gives a number", () => {
    expect(['1', '2', '3', '4', 1, 4, ' 3 '].map((value) => deviceCountSchema.parse(value))).toEqual([1, 2, 3, 4, 1, 4, 3]);
    for (const bad of ['0', '5', '1.5', '0x2', 'two', 1e9, -1]) expect(deviceCountSchema.safeParse(bad).success).toBe(false);
  });

  it("reports empty required fields with the spec's messages", () => {
    const result = checkoutRequestSchema.safeParse({ firstName: '', lastName: '', email: 'x', packageId: '', deviceCount: '' });
    expect(messagesOf(result)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Invalid email address',
      packageId: 'Package selection is required',
      deviceCount: 'Device count is required',
    });
  });

  it('asks for the shipping address on the streaming box, on the shippingAddress field', () => {
    const result = checkoutRequestSchema.safeParse({ ...form, packageId: 'streaming-box', shippingAddress: '1 Main St', shippingCity: 'Austin' });
    expect(messagesOf(result)).toEqual({ shippingAddress: 'Shipping information is required for streaming box orders' });
  });

  it('normalizes blanks, the coupon case and the defaults', () => {
    const parsed = checkoutRequestSchema.parse({ ...form, phone: ' ', couponCode: ' welcome10 ', selectedGiftCard: '' });
    expect(parsed).toMatchObject({ phone: null, couponCode: 'WELCOME10', paymentMethod: 'card', shippingCountry: 'US', deviceCount: 2 });
    expect(parsed.selectedGiftCard ?? null).toBeNull();
  });
});

describe('coupon check schema', () => {
  it("reports the spec's messages", () => {
    expect(messagesOf(validateCouponRequestSchema.safeParse({ code: '', packageId: '', subtotalAmount: -0.01 }))).toEqual({
      code: 'Coupon code is required',
      packageId: 'Package ID is required',
      subtotalAmount: 'Invalid subtotal amount',
    });
  });

  it('reads the subtotal in cents from a float or decimal text', () => {
    expect(validateCouponRequestSchema.parse({ code: 'a', packageId: 'p', subtotalAmount: 15.99 + 5.99 }).subtotalAmount).toBe(2198);
    expect(validateCouponRequestSchema.parse({ code: 'a', packageId: 'p', subtotalAmount: '21.98' }).subtotalAmount).toBe(2198);
  });
});

describe('demo card schema', () => {
  it('accepts a well-formed card with spaces and an expiry not in the past', () => {
    expect(demoCardSchema.parse({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 39', cvc: '123' }).cardNumber).toBe('4242424242424242');
  });

  it('refuses a number failing the checksum and a past expiry', () => {
    const result = demoCardSchema.safeParse({ cardNumber: '4242424242424243', expiry: '01/21', cvc: '1234' });
    expect(messagesOf(result)).toEqual({ cardNumber: 'Your card number is invalid.', expiry: "Your card's expiration date is in the past." });
  });
});
