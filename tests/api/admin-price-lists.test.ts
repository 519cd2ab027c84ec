import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { useTestApp } from '../support/test-app';

type Listed = { id: string; name: string; price: string; currency: string };

/** The owner's price lists and currencies through the admin API (decision 0104). */
describe('admin price lists and currencies', () => {
  const t = useTestApp();
  const listIn = async (currency: string) => (await t.app.inject({ method: 'GET', url: `/api/packages?currency=${currency}` })).json<Listed[]>();
  const patchPackage = (id: string, payload: object, cookies: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/packages/${id}`, payload, cookies });
  const patchCurrency = (payload: object, cookies?: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: '/api/admin/currencies', payload, ...(cookies ? { cookies } : {}) });
  const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0]!;

  it('sets a package\'s EUR price and takes its BRL one away, audited, and the lists follow at once', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const response = await patchPackage(oneMonth.id, { prices: { EUR: '13.99', BRL: null } }, cookies);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: oneMonth.id, price: '15.99', prices: { EUR: '13.99', GBP: '12.99', BRL: null } });
    expect((await listIn('EUR')).find((p) => p.id === oneMonth.id)).toMatchObject({ price: '13.99', currency: 'EUR' });
    expect((await listIn('BRL')).map((p) => p.id)).not.toContain(oneMonth.id);
    expect(await lastAudit()).toMatchObject({
      adminUsername: TEST_ADMIN.username,
      action: 'package.update',
      targetId: oneMonth.id,
      before: { prices: { EUR: '14.99', BRL: '79.99' } },
      after: { prices: { EUR: '13.99', BRL: null } },
    });
    const admin = (await t.app.inject({ method: 'GET', url: '/api/admin/packages', cookies })).json<Array<{ id: string; prices: object }>>();
    expect(admin.find((p) => p.id === oneMonth.id)!.prices).toEqual({ EUR: '13.99', GBP: '12.99', BRL: null });
  });

  it('refuses a price of 0.00 for a paid package, any price for the trial, and an unknown currency', async () => {
    const cookies = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const free = await patchPackage(oneMonth.id, { prices: { GBP: '0.00' } }, cookies);
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({ message: 'A paid package must cost more than 0.00 (a price of 0.00 marks the free trial)' });
    const trial = await patchPackage('trial-36h', { prices: { EUR: '1.99' } }, cookies);
    expect(trial.statusCode).toBe(400);
    expect(trial.json()).toEqual({ message: 'The free trial stays free: it has no price in other currencies' });
    const yen = await patchPackage(oneMonth.id, { prices: { JPY: '1500.00' } }, cookies);
    expect(yen.statusCode).toBe(400);
    expect(yen.json()).toEqual({ message: 'Prices can be set in EUR, GBP, BRL; USD is the package\'s price' });
  });

  it('lists the currencies, turns GBP off and on again with an audit row each, and keeps USD on', async () => {
    const cookies = await signInAdmin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/currencies' })).statusCode).toBe(401);
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/currencies', cookies });
    expect(listed.json()).toEqual([
      { currency: 'USD', enabled: true },
      { currency: 'EUR', enabled: true },
      { currency: 'GBP', enabled: true },
      { currency: 'BRL', enabled: true },
    ]);

    const off = await patchCurrency({ currency: 'GBP', enabled: false }, cookies);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toContainEqual({ currency: 'GBP', enabled: false });
    expect(await lastAudit()).toMatchObject({ action: 'currency.update', targetType: 'currency', targetId: 'GBP', before: { enabled: true }, after: { enabled: false } });
    const refused = await t.app.inject({ method: 'GET', url: '/api/packages?currency=GBP' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Unsupported currency. Supported currencies: USD, EUR, BRL' });

    expect((await patchCurrency({ currency: 'GBP', enabled: true }, cookies)).json()).toContainEqual({ currency: 'GBP', enabled: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/packages?currency=GBP' })).statusCode).toBe(200);

    const usd = await patchCurrency({ currency: 'USD', enabled: false }, cookies);
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toEqual({ message: 'USD is the store\'s default currency and cannot be turned off' });
    expect((await patchCurrency({ currency: 'GBP', enabled: false })).statusCode).toBe(401);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'currency.update'));
    expect(audits).toHaveLength(2);
  });

  it('creates a fixed coupon in EUR that EUR orders take and USD orders refuse', async () => {
    const cookies = await signInAdmin(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      cookies,
      payload: { code: 'EURO3', description: '3 euros off', type: 'fixed', value: '3.00', currency: 'EUR' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ code: 'EURO3', value: '3.00', currency: 'EUR' });
    const { oneMonth } = await seededPackages(t.app);
    const eur = await postCheckout(t.app, checkoutForm(oneMonth.id, { currency: 'EUR', couponCode: 'EURO3' }));
    expect(eur.json()).toMatchObject({ order: { couponDiscount: '3.00', totalAmount: '11.99', currency: 'EUR' } });
    const usd = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'EURO3' }));
    expect(usd.statusCode).toBe(400);
    expect(usd.json()).toEqual({ message: 'This coupon is only valid for orders in EUR' });
  });
});
