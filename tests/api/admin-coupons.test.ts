import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coupons } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { checkoutForm, seededPackages } from '../support/checkout';
import { useTestApp } from '../support/test-app';

describe('coupons an admin creates and changes', () => {
  const t = useTestApp();
  const create = (payload: unknown, cookies: { asid: string }) => t.app.inject({ method: 'POST', url: '/api/admin/coupons', payload: payload as object, cookies });
  const change = (code: string, payload: unknown, cookies: { asid: string }) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/coupons/${encodeURIComponent(code)}`, payload: payload as object, cookies });
  const spring = { code: 'spring25', description: 'Spring sale', type: 'percentage', value: '25', usageLimit: 2 };

  it('creates a coupon with its code upper-cased, which checkout then honours, and lists it with its uses', async () => {
    const admin = await signInAdmin(t);
    const created = await create(spring, admin);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'SPRING25',
      description: 'Spring sale',
      type: 'percentage',
      value: '25.00',
      minOrderAmount: null,
      maxDiscount: null,
      usageLimit: 2,
      usageCount: 0,
      validFrom: null,
      validTo: null,
      isActive: true,
    });

    const { oneMonth } = await seededPackages(t.app);
    const quote = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'spring25', packageId: oneMonth.id, subtotalAmount: 1 } });
    expect(quote.json()).toMatchObject({ valid: true, coupon: { code: 'SPRING25', description: 'Spring sale' } });
    const order = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { couponCode: 'SPRING25' }) });
    expect(order.statusCode).toBe(200);
    expect(order.json().order.couponCode).toBe('SPRING25');

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/coupons', cookies: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((coupon: { code: string }) => coupon.code)).toContain('SPRING25');
    expect(Number(list.headers['x-total-count'])).toBe(list.json().length);

    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.targetId, 'SPRING25')));
    expect(audit).toMatchObject({ adminUsername: TEST_ADMIN.username, before: {}, after: { code: 'SPRING25', value: '25.00', usageLimit: 2 } });
  });

  it('refuses a code that exists, whatever its case', async () => {
    const admin = await signInAdmin(t);
    expect((await create(spring, admin)).statusCode).toBe(201);
    const again = await create({ ...spring, code: 'Spring25' }, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A coupon with this code already exists' });
    expect((await create({ ...spring, code: 'WELCOME10' }, admin)).statusCode).toBe(409);
  });

  it('changes terms, audits only what changed, and deactivates a coupon so checkout refuses it', async () => {
    const admin = await signInAdmin(t);
    await create(spring, admin);
    const changed = await change('spring25', { value: '30.00', maxDiscount: '15', description: 'Spring sale' }, admin);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'SPRING25', value: '30.00', maxDiscount: '15.00', usageCount: 0 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'));
    expect(audit).toMatchObject({ before: { value: '25.00', maxDiscount: null }, after: { value: '30.00', maxDiscount: '15.00' } });

    expect((await change('SPRING25', { isActive: false }, admin)).json().isActive).toBe(false);
    const { oneMonth } = await seededPackages(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'SPRING25', packageId: oneMonth.id, subtotalAmount: 1 } });
    expect(refused.json()).toMatchObject({ valid: false, error: 'This coupon is no longer active' });

    const window = await change('SPRING25', { isActive: true, validFrom: '2030-01-01T00:00:00Z', validTo: '2030-02-01T00:00:00.000+01:00' }, admin);
    expect(window.json()).toMatchObject({ validFrom: '2030-01-01T00:00:00.000Z', validTo: '2030-01-31T23:00:00.000Z' });
  });

  it("refuses a usage limit below the uses already counted, unpaid orders' reservations included, and changes nothing", async () => {
    const admin = await signInAdmin(t);
    await create({ ...spring, usageLimit: 5 }, admin);
    const { oneMonth } = await seededPackages(t.app);
    // Two buyers at checkout: neither has paid, and each order holds one use of the coupon.
    for (let buyer = 0; buyer < 2; buyer++) {
      expect((await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { couponCode: 'SPRING25' }) })).statusCode).toBe(200);
    }

    const refused = await change('SPRING25', { usageLimit: 1, description: 'Last call' }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This coupon has 2 uses, orders still awaiting payment included, so its usage limit cannot be less than 2' });
    const [kept] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'SPRING25'));
    expect(kept).toMatchObject({ usageLimit: 5, usageCount: 2, description: 'Spring sale' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'))).toHaveLength(0);

    const atUses = await change('SPRING25', { usageLimit: 2 }, admin);
    expect(atUses.statusCode).toBe(200);
    expect(atUses.json()).toMatchObject({ usageLimit: 2, usageCount: 2 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'));
    expect(audit).toMatchObject({ adminUsername: TEST_ADMIN.username, before: { usageLimit: 5 }, after: { usageLimit: 2 } });
    // The limit reached, the next buyer is refused before paying; no limit at all lets them in.
    const full = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { couponCode: 'SPRING25' }) });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: 'This coupon has reached its usage limit' });
    expect((await change('SPRING25', { usageLimit: null }, admin)).json()).toMatchObject({ usageLimit: null, usageCount: 2 });
  });

  it('edits value, type, minimum and dates, and an end date in the past ends the coupon at checkout', async () => {
    const admin = await signInAdmin(t);
    await create(spring, admin);
    const { oneMonth } = await seededPackages(t.app);
    const quote = () => t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'SPRING25', packageId: oneMonth.id, subtotalAmount: 1 } });

    const edited = await change('SPRING25', { type: 'fixed', value: '5', minOrderAmount: '10.00', validFrom: '2020-01-01T00:00:00Z' }, admin);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ type: 'fixed', value: '5.00', minOrderAmount: '10.00', validFrom: '2020-01-01T00:00:00.000Z', validTo: null });
    expect((await quote()).json()).toMatchObject({ valid: true, coupon: { code: 'SPRING25', discountAmount: '5.00' } });

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const ended = await change('SPRING25', { validTo: yesterday }, admin);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ isActive: true, validTo: yesterday });
    expect((await quote()).json()).toMatchObject({ valid: false, error: 'This coupon has expired' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { couponCode: 'SPRING25' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'This coupon has expired' });

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'));
    expect(audits.map((audit) => audit.after)).toEqual(
      expect.arrayContaining([
        { type: 'fixed', value: '5.00', minOrderAmount: '10.00', validFrom: '2020-01-01T00:00:00.000Z' },
        { validTo: yesterday },
      ]),
    );
  });

  it('refuses bad coupons and bad changes with a 400 that says why, and an unknown code with 404', async () => {
    const admin = await signInAdmin(t);
    const bad: Array<[unknown, RegExp]> = [
      [{ ...spring, value: '-1' }, /Value must not be negative/],
      [{ ...spring, value: '101' }, /^A percentage coupon's value must be at most 100$/],
      [{ ...spring, type: 'bogus' }, /type must be 'percentage' or 'fixed'/],
      [{ ...spring, usageLimit: 0 }, /usageLimit must be a whole number of at least 1/],
      [{ ...spring, validTo: 'tomorrow' }, /validTo must be a date and time/],
      [{ ...spring, validFrom: '0000-01-01T00:00:00Z' }, /^validFrom must be in the years 2000 to 2100$/],
      [{ ...spring, validTo: '2101-01-01T00:00:00Z' }, /^validTo must be in the years 2000 to 2100$/],
      [{ ...spring, validFrom: '2030-02-01T00:00:00Z', validTo: '2030-01-01T00:00:00Z' }, /^validTo must be after validFrom$/],
      [{ ...spring, code: '' }, /Coupon code is required/],
      [{ ...spring, description: 'x\u0000y' }, /./],
      [{ ...spring, usageCount: 5 }, /Unknown field usageCount/],
      [{ code: 'ONLYCODE' }, /./],
    ];
    for (const [payload, message] of bad) {
      const response = await create(payload, admin);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    await create({ ...spring, type: 'fixed', value: '150' }, admin);
    const toPercent = await change('SPRING25', { type: 'percentage' }, admin);
    expect(toPercent.statusCode).toBe(400);
    expect(toPercent.json()).toEqual({ message: "A percentage coupon's value must be at most 100" });
    expect((await change('SPRING25', {}, admin)).statusCode).toBe(400);
    expect((await change('SPRING25', { code: 'OTHER' }, admin)).statusCode).toBe(400);
    const missing = await change('NOPE', { isActive: false }, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Coupon not found' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.update'))).toHaveLength(0);
  });

  it('takes codes of letters A-Z, digits, - and _ only, the seeded ones included, and says so', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const onlyCharacters = { message: 'Coupon code may contain only letters A-Z, digits, - and _' };
    for (const code of ['<SCRIPT>', '\u202eABC', '=HYPERLINK(', '../', 'ÉTÉ', 'SPRING 25']) {
      const created = await create({ ...spring, code }, admin);
      expect({ code, status: created.statusCode, body: created.json() }).toEqual({ code, status: 400, body: onlyCharacters });
      // A buyer's code is refused the same way, before any lookup.
      const quote = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code, packageId: oneMonth.id, subtotalAmount: '15.99' } });
      expect({ code, status: quote.statusCode, body: quote.json() }).toEqual({ code, status: 400, body: onlyCharacters });
      const order = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { couponCode: code }) });
      expect({ code, status: order.statusCode, body: order.json() }).toEqual({ code, status: 400, body: onlyCharacters });
    }
    expect(await t.database.db.select().from(coupons).where(eq(coupons.description, spring.description))).toEqual([]);

    expect((await create({ ...spring, code: 'spring-25_b' }, admin)).json()).toMatchObject({ code: 'SPRING-25_B' });
    for (const code of ['WELCOME10', 'save5', 'spring-25_b']) {
      const quote = await t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code, packageId: oneMonth.id, subtotalAmount: '33.96', deviceCount: 4 } });
      expect(quote.json(), code).toMatchObject({ valid: true });
    }
  });

  it("refuses a lone surrogate in a code or description with a 400, not the audit insert's 500", async () => {
    const admin = await signInAdmin(t);
    const lone = await create({ ...spring, code: 'SPRING\ud800' }, admin);
    expect({ status: lone.statusCode, body: lone.json() }).toEqual({ status: 400, body: { message: 'Coupon code must be valid Unicode text' } });
    const described = await create({ ...spring, description: 'Spring \ud800 sale' }, admin);
    expect({ status: described.statusCode, body: described.json() }).toEqual({ status: 400, body: { message: 'Description must be valid Unicode text' } });
    await create(spring, admin);
    const changed = await change('SPRING25', { description: '\udfff' }, admin);
    expect({ status: changed.statusCode, body: changed.json() }).toEqual({ status: 400, body: { message: 'Description must be valid Unicode text' } });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'SPRING25'))).toHaveLength(1);
  });

  it('still changes and switches off a coupon whose code was made before codes were limited', async () => {
    const admin = await signInAdmin(t);
    await t.database.db.insert(coupons).values({ code: '<SCRIPT>', description: 'Made before the rule', type: 'fixed', value: '1.00' });
    const off = await change('<script>', { isActive: false }, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ code: '<SCRIPT>', isActive: false });
  });
});
