import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutCardOrder, orderAction } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { DAY } from '../support/renewal-charges';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp } from '../support/test-app';

/**
 * The admin's amounts in their own currency (decision 0105): the renewals forecast gives each
 * currency its own figure, never one sum, and a refund's answers name the order's currency.
 */

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

describe('the admin amounts per currency', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('forecasts each currency\'s renewals at its own price list, and leaves out a package that list no longer has', async () => {
    await buyWithAutoRenew(t, {});
    await buyWithAutoRenew(t, { devices: 2, fields: { currency: 'EUR' } });
    await buyWithAutoRenew(t, { fields: { currency: 'BRL' } });
    await t.services.jobs.drain();
    const admin = await signInAdmin(t);
    clock.set(new Date(EXPIRY.getTime() - 6 * DAY));

    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    expect(overview.statusCode, overview.body).toBe(200);
    // EUR: 14.99 and one extra device at 5.49; BRL: 79.99; USD alone in expectedRevenue, as before.
    const week = {
      days: 7,
      count: 3,
      expectedRevenue: '15.99',
      byCurrency: [
        { currency: 'USD', count: 1, expectedRevenue: '15.99' },
        { currency: 'EUR', count: 1, expectedRevenue: '20.48' },
        { currency: 'BRL', count: 1, expectedRevenue: '79.99' },
      ],
    };
    expect(overview.json()).toMatchObject({ upcoming: [week, { ...week, days: 30 }] });

    const { oneMonth } = await seededPackages(t.app);
    const unlisted = await t.app.inject({ method: 'PATCH', url: `/api/admin/packages/${oneMonth.id}`, payload: { prices: { BRL: null } }, cookies: admin });
    expect(unlisted.statusCode, unlisted.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin })).json<{ upcoming: unknown[] }>();
    expect(after.upcoming[0]).toEqual({
      days: 7,
      count: 2,
      expectedRevenue: '15.99',
      byCurrency: [
        { currency: 'USD', count: 1, expectedRevenue: '15.99' },
        { currency: 'EUR', count: 1, expectedRevenue: '20.48' },
      ],
    });
  });

  it('answers USD alone, at zero, when nothing renews', async () => {
    const admin = await signInAdmin(t);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin })).json<{ upcoming: unknown[] }>();
    expect(overview.upcoming).toEqual([
      { days: 7, count: 0, expectedRevenue: '0.00', byCurrency: [{ currency: 'USD', count: 0, expectedRevenue: '0.00' }] },
      { days: 30, count: 0, expectedRevenue: '0.00', byCurrency: [{ currency: 'USD', count: 0, expectedRevenue: '0.00' }] },
    ]);
  });

  it('names a EUR order\'s refunds in euros: the part refunded, what is left, the refusal of too much and the audit row', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await checkoutCardOrder(t, { deviceCount: '1', currency: 'EUR' });
    expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD })).statusCode).toBe(200);
    await t.services.jobs.drain();

    const part = await orderAction(t, 'refund', orderId, admin, { amount: '5.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toEqual({ orderId, paymentStatus: 'completed', message: `Refunded €5.00 of order ${orderId}; €9.99 is left` });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit).toMatchObject({ action: 'order.refund', after: { amount: '5.00', currency: 'EUR' } });

    const tooMuch = await orderAction(t, 'refund', orderId, admin, { amount: '10.00' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: `At most €9.99 is left to refund on ${orderId}` });
  });
});
