import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { signInAdmin } from '../support/admins';
import { buyWithAutoRenew } from '../support/saved-cards';
import { chargesOf, DAY, renewalPass, subjectsTo, subscriptionRow } from '../support/renewal-charges';
import { useTestApp, type TestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');
const CARD_NEEDS_AUTHENTICATION = '4000002760003184';

const auditRows = (t: TestApp, action: 'renewal.retry' | 'renewal.cancel_auto_renew') =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.action, action)));

describe('the admin Renewals section', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('answers only an admin session', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/renewals'],
      ['GET', '/api/admin/renewals/subscriptions'],
      ['POST', '/api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/retry'],
      ['POST', '/api/admin/renewals/subscriptions/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/cancel-auto-renew'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
  });

  it('forecasts the next 7 and 30 days at today\'s prices, and lists each auto-renewing subscription with its card', async () => {
    await buyWithAutoRenew(t.app, {});
    clock.set(new Date(new Date(START).getTime() + 10 * DAY));
    const later = await buyWithAutoRenew(t.app, {});
    await t.app.services.jobs.drain();
    const admin = await signInAdmin(t);

    clock.set(new Date(EXPIRY.getTime() - 6 * DAY));
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toEqual({
      upcoming: [
        { days: 7, count: 1, expectedRevenue: '15.99' },
        { days: 30, count: 2, expectedRevenue: '31.98' },
      ],
      failed: [],
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/renewals/subscriptions?limit=10', cookies: admin });
    expect(list.headers['x-total-count']).toBe('2');
    const rows = list.json<Array<Record<string, unknown>>>();
    expect(rows.map((row) => [row.expirationDate, row.nextChargeAt, row.renewal])).toEqual([
      ['2027-02-05T09:00:00.000Z', '2027-02-02T09:00:00.000Z', null],
      [(await subscriptionRow(t, later.subscriptionId)).expirationDate.toISOString(), '2027-02-12T09:00:00.000Z', null],
    ]);
    expect(rows[0]).toMatchObject({ packageName: '1 Month Premium', deviceCount: 1, status: 'active', card: { last4: '4242' } });
  });

  it('lists a renewal waiting for 3-D Secure with its reason, retries it now and cancels auto-renew, each audited', async () => {
    const bought = await buyWithAutoRenew(t.app, { card: CARD_NEEDS_AUTHENTICATION });
    await t.app.services.jobs.drain();
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalPass(t)).toEqual(['requires_action']);
    const admin = await signInAdmin(t);

    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    const [failed, ...more] = overview.json<{ failed: Array<Record<string, unknown>> }>().failed;
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ subscriptionId: bought.subscriptionId, status: 'requires_action', attempts: 1, amount: '15.99', autoRenew: true, reason: 'The bank asks the customer to confirm the payment.' });

    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/${String(failed!.id)}/retry`, cookies: admin });
    expect([retried.statusCode, retried.json()]).toEqual([200, { message: 'The bank asks the customer to confirm: they were emailed a link' }]);
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'requires_action', attempts: 2 });
    const [retryAudit] = await auditRows(t, 'renewal.retry');
    expect(retryAudit).toMatchObject({ adminUsername: 'owner', targetType: 'order', targetId: bought.orderId, before: { renewalStatus: 'requires_action', attempts: 1 } });

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/subscriptions/${bought.subscriptionId}/cancel-auto-renew`, cookies: admin });
    expect([cancelled.statusCode, cancelled.json()]).toEqual([200, { message: 'Automatic renewal turned off' }]);
    expect((await subscriptionRow(t, bought.subscriptionId)).autoRenew).toBe(false);
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'cancelled' });
    expect(await subjectsTo(t, bought.email)).toContain('Automatic renewal turned off');
    const [cancelAudit] = await auditRows(t, 'renewal.cancel_auto_renew');
    expect(cancelAudit).toMatchObject({ adminUsername: 'owner', targetId: bought.orderId, before: { autoRenew: true }, after: { autoRenew: false } });

    const again = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/subscriptions/${bought.subscriptionId}/cancel-auto-renew`, cookies: admin });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'Automatic renewal is already off for this subscription' }]);
    const retryCancelled = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/${String(failed!.id)}/retry`, cookies: admin });
    expect([retryCancelled.statusCode, retryCancelled.json()]).toEqual([409, { message: 'Only a failed, scheduled or unconfirmed renewal can be retried' }]);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/retry', cookies: admin });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Renewal not found' }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/admin/renewals/not-an-id/retry', cookies: admin });
    expect(malformed.statusCode).toBe(400);
  });
});
