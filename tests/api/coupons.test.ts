import { describe, expect, it } from 'vitest';
import { coupons } from '../../src/server/schema';
import { seededPackages } from '../support/checkout';
import { useTestApp } from '../support/test-app';

describe('POST /api/validate-coupon', () => {
  const t = useTestApp();

  const check = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload });
  const addCoupon = (coupon: Partial<typeof coupons.$inferInsert> & { code: string }) =>
    t.database.db.insert(coupons).values({ description: `${coupon.code} for tests`, type: 'percentage', value: '10.00', ...coupon });
  const DAY = 86_400_000;

  it('quotes a percentage coupon on the server price of the package', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await check({ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: '15.99' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: true,
      coupon: { code: 'WELCOME10', description: '10% off your first subscription', discountAmount: '1.60' },
    });
  });

  it('accepts the code in any case and the subtotal as a number', async () => {
    const { twelveMonths } = await seededPackages(t.app);
    const response = await check({ code: ' save5 ', packageId: twelveMonths.id, subtotalAmount: 119.99 });
    expect(response.json()).toMatchObject({ valid: true, coupon: { code: 'SAVE5', discountAmount: '5.00' } });
  });

  it('reads the device count from the subtotal, or takes it when sent', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const fromSubtotal = await check({ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: 15.99 + 5.99 });
    expect(fromSubtotal.json().coupon.discountAmount).toBe('2.20');
    const explicit = await check({ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: '0', deviceCount: '4' });
    expect(explicit.json().coupon.discountAmount).toBe('3.40');
  });

  it('ignores a subtotal that is no price of the package: the quote is for one device', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const tampered = await check({ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: '99999.00' });
    expect(tampered.json().coupon.discountAmount).toBe('1.60');
  });

  it('caps a percentage at its maximum discount and a fixed amount at the subtotal', async () => {
    const { oneMonth, twelveMonths } = await seededPackages(t.app);
    await addCoupon({ code: 'HALF', value: '50.00', maxDiscount: '20.00' });
    await addCoupon({ code: 'BIG', type: 'fixed', value: '500.00' });
    expect((await check({ code: 'HALF', packageId: twelveMonths.id, subtotalAmount: '119.99' })).json().coupon.discountAmount).toBe('20.00');
    expect((await check({ code: 'BIG', packageId: oneMonth.id, subtotalAmount: '15.99' })).json().coupon.discountAmount).toBe('15.99');
  });

  it('refuses each unusable coupon with its own reason', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await addCoupon({ code: 'OFF', isActive: false });
    await addCoupon({ code: 'OLD', validTo: new Date(Date.now() - DAY) });
    await addCoupon({ code: 'SOON', validFrom: new Date('2099-01-01T00:00:00Z') });
    await addCoupon({ code: 'USEDUP', usageLimit: 3, usageCount: 3 });
    const reasons: Record<string, string> = {
      NOPE: 'This coupon code is not valid',
      OFF: 'This coupon is no longer active',
      OLD: 'This coupon has expired',
      SOON: 'This coupon is not valid until 2099-01-01',
      USEDUP: 'This coupon has reached its usage limit',
      SAVE5: 'This coupon requires an order of at least $30.00',
    };
    for (const [code, error] of Object.entries(reasons)) {
      const response = await check({ code, packageId: oneMonth.id, subtotalAmount: '15.99' });
      expect({ code, status: response.statusCode, body: response.json() }).toEqual({ code, status: 200, body: { valid: false, error } });
    }
  });

  it('accepts a coupon within its dates and under its limit', async () => {
    const { oneMonth } = await seededPackages(t.app);
    await addCoupon({ code: 'NOW', validFrom: new Date(Date.now() - DAY), validTo: new Date(Date.now() + DAY), usageLimit: 3, usageCount: 2 });
    expect((await check({ code: 'NOW', packageId: oneMonth.id, subtotalAmount: '15.99' })).json()).toMatchObject({ valid: true });
  });

  it("answers bad requests with the spec's messages", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ packageId: oneMonth.id, subtotalAmount: '15.99' }, 'Coupon code is required'],
      [{ code: '  ', packageId: oneMonth.id, subtotalAmount: '15.99' }, 'Coupon code is required'],
      [{ code: 'WELCOME10', subtotalAmount: '15.99' }, 'Package ID is required'],
      [{ code: 'WELCOME10', packageId: '', subtotalAmount: '15.99' }, 'Package ID is required'],
      [{ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: -1 }, 'Invalid subtotal amount'],
      [{ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: 'lots' }, 'Invalid subtotal amount'],
      [{ code: 'WELCOME10', packageId: oneMonth.id }, 'Invalid subtotal amount'],
      [{ code: 'WELCOME10', packageId: oneMonth.id, subtotalAmount: 1e12 }, 'Invalid subtotal amount'],
      [{ code: 42, packageId: oneMonth.id, subtotalAmount: '15.99' }, 'Coupon code is required'],
      [{ code: 'WELCOME10', packageId: 'no-such-package', subtotalAmount: '15.99' }, 'Unknown package'],
    ];
    for (const [payload, message] of cases) {
      const response = await check(payload);
      expect({ payload, status: response.statusCode, body: response.json() }).toEqual({ payload, status: 400, body: { message } });
    }
  });
});

describe('coupon checks from one address', () => {
  const t = useTestApp();

  it('are limited: after 60 in ten minutes the address gets 429 with a clear message', async () => {
    const packages = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string; price: string }>>();
    const paid = packages.find((p) => p.price !== '0.00')!;
    const check = () =>
      t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'GUESS', packageId: paid.id, subtotalAmount: Number(paid.price) } });
    for (let i = 0; i < 60; i++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many coupon checks from your network\. Please try again in \d+ minutes?\.$/);
  });
});
