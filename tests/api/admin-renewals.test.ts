import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { orderAction } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { buyWithAutoRenew, type AutoRenewPurchase } from '../support/saved-cards';
import { chargesOf, DAY, renewalSchedule, subjectsTo, subscriptionRow } from '../support/renewal-charges';
import { useTestApp, type TestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');
const CARD_NEEDS_AUTHENTICATION = '4000002760003184';
const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const UNKNOWN_RENEWAL = '0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11';

const auditRows = (t: TestApp, action: 'renewal.retry' | 'renewal.cancel_auto_renew' | 'renewal.dismiss') =>
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
      ['POST', '/api/admin/renewals/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/dismiss'],
      ['POST', '/api/admin/renewals/subscriptions/0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11/cancel-auto-renew'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect([url, response.statusCode]).toEqual([url, 401]);
    }
  });

  /** A card declined on the charge day and both retries: the renewal failed on the expiry day, with no attempt left. */
  async function failedRenewal(): Promise<AutoRenewPurchase> {
    const bought = await buyWithAutoRenew(t, { card: CARD_INSUFFICIENT_FUNDS });
    const passes = [];
    for (const days of [-3, -2, 0]) {
      clock.set(new Date(EXPIRY.getTime() + days * DAY));
      passes.push(...(await renewalSchedule(t)));
    }
    expect(passes).toEqual(['declined', 'declined', 'failed']);
    return bought;
  }

  async function failedList(admin: { asid: string }) {
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    expect(overview.statusCode).toBe(200);
    return overview.json<{ failed: Array<Record<string, unknown>> }>().failed;
  }

  it('lists a renewal declined on every attempt by its customer and subscription, and dismisses it, audited, once', async () => {
    const bought = await failedRenewal();
    const admin = await signInAdmin(t);
    const [failed, ...more] = await failedList(admin);
    expect(more).toEqual([]);
    expect(failed).toEqual({
      id: expect.any(String),
      subscriptionId: bought.subscriptionId,
      orderId: bought.orderId,
      customerEmail: bought.email,
      customerName: 'Ada Lovelace',
      packageName: '1 Month Premium',
      periodEnd: '2027-02-05T09:00:00.000Z',
      amount: '15.99',
      currency: 'USD',
      status: 'failed',
      attempts: 3,
      reason: 'Your card has insufficient funds.',
      failedAt: '2027-02-05T09:00:00.000Z',
    });
    const dismiss = `/api/admin/renewals/${String(failed!.id)}/dismiss`;

    const customer = await registerCustomer(t.app);
    const asCustomer = await t.app.inject({ method: 'POST', url: dismiss, cookies: customer.cookies });
    expect([401, 403]).toContain(asCustomer.statusCode);
    expect(await failedList(admin)).toHaveLength(1);

    clock.set(new Date(EXPIRY.getTime() + 1 * DAY));
    const dismissed = await t.app.inject({ method: 'POST', url: dismiss, cookies: admin });
    expect([dismissed.statusCode, dismissed.json()]).toEqual([200, { message: 'Failed renewal dismissed: it no longer shows in this list' }]);
    expect(await failedList(admin)).toEqual([]);
    const [audit, ...moreAudit] = await auditRows(t, 'renewal.dismiss');
    expect(moreAudit).toEqual([]);
    expect(audit).toMatchObject({ adminUsername: 'owner', targetType: 'order', targetId: bought.orderId, before: { dismissed: false }, after: { dismissed: true, renewalId: failed!.id } });
    // The charge itself is as it was: the customer's account still says the renewal failed.
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'failed', attempts: 3 });

    const again = await t.app.inject({ method: 'POST', url: dismiss, cookies: admin });
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'This failed renewal was already dismissed' }]);
    expect(await auditRows(t, 'renewal.dismiss')).toHaveLength(1);

    const unknown = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/${UNKNOWN_RENEWAL}/dismiss`, cookies: admin });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Renewal not found' }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/admin/renewals/not-an-id/dismiss', cookies: admin });
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Renewal not found' }]);
  });

  it('refuses to dismiss a renewal that was charged: only a failure is on the list', async () => {
    const bought = await buyWithAutoRenew(t, {});
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    const admin = await signInAdmin(t);
    const [charge] = await chargesOf(t, bought.subscriptionId);
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/${charge!.id}/dismiss`, cookies: admin });
    expect([refused.statusCode, refused.json()]).toEqual([409, { message: 'Only a failed renewal can be dismissed' }]);
    expect(await auditRows(t, 'renewal.dismiss')).toEqual([]);
  });

  it('takes a failed renewal off the list once the customer renews by hand', async () => {
    const bought = await failedRenewal();
    const admin = await signInAdmin(t);
    expect(await failedList(admin)).toHaveLength(1);

    clock.set(new Date(EXPIRY.getTime() + 1 * DAY));
    const form = checkoutForm((await subscriptionRow(t, bought.subscriptionId)).packageId, { email: bought.email, firstName: 'Ada', lastName: 'Lovelace', renewsSubscriptionId: bought.subscriptionId });
    const placed = await postCheckout(t.app, form, bought.cookies!);
    expect(placed.statusCode, placed.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo/payment-intents/${intentIdOf(placed.json<{ clientSecret: string }>().clientSecret)}/confirm`,
      payload: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.services.jobs.drain();

    const renewed = await subscriptionRow(t, bought.subscriptionId);
    expect(renewed.expirationDate.getTime()).toBeGreaterThan(EXPIRY.getTime());
    // Still renewing by itself: the list leaves it for the renewal, not for the switch.
    expect(renewed.autoRenew).toBe(true);
    expect(await failedList(admin)).toEqual([]);
  });

  it('takes a failed renewal off the list once its subscription is refunded', async () => {
    const bought = await failedRenewal();
    const admin = await signInAdmin(t);
    expect(await failedList(admin)).toHaveLength(1);
    const refunded = await orderAction(t, 'refund', bought.orderId, admin, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await subscriptionRow(t, bought.subscriptionId)).autoRenew).toBe(true);
    expect(await failedList(admin)).toEqual([]);
  });

  it('takes a failed renewal off the list once the customer turns auto-renew off', async () => {
    const bought = await failedRenewal();
    const admin = await signInAdmin(t);
    expect(await failedList(admin)).toHaveLength(1);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    expect(off.statusCode, off.body).toBe(200);
    // The customer's switch leaves the charge as it was; the list reads the switch.
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'failed' });
    expect(await failedList(admin)).toEqual([]);
  });

  it('forecasts the next 7 and 30 days at today\'s prices, and lists each auto-renewing subscription with its card', async () => {
    await buyWithAutoRenew(t, {});
    clock.set(new Date(new Date(START).getTime() + 10 * DAY));
    const later = await buyWithAutoRenew(t, {});
    await t.services.jobs.drain();
    const admin = await signInAdmin(t);

    clock.set(new Date(EXPIRY.getTime() - 6 * DAY));
    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toEqual({
      upcoming: [
        { days: 7, count: 1, expectedRevenue: '15.99', byCurrency: [{ currency: 'USD', count: 1, expectedRevenue: '15.99' }] },
        { days: 30, count: 2, expectedRevenue: '31.98', byCurrency: [{ currency: 'USD', count: 2, expectedRevenue: '31.98' }] },
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
    const bought = await buyWithAutoRenew(t, { card: CARD_NEEDS_AUTHENTICATION });
    await t.services.jobs.drain();
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    const admin = await signInAdmin(t);

    const overview = await t.app.inject({ method: 'GET', url: '/api/admin/renewals', cookies: admin });
    const [failed, ...more] = overview.json<{ failed: Array<Record<string, unknown>> }>().failed;
    expect(more).toEqual([]);
    expect(failed).toMatchObject({ subscriptionId: bought.subscriptionId, status: 'requires_action', attempts: 1, amount: '15.99', currency: 'USD', reason: 'The bank asks the customer to confirm the payment.' });

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
    const unknown = await t.app.inject({ method: 'POST', url: `/api/admin/renewals/${UNKNOWN_RENEWAL}/retry`, cookies: admin });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Renewal not found' }]);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/admin/renewals/not-an-id/retry', cookies: admin });
    expect(malformed.statusCode).toBe(400);
  });
});
