import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { coupons, demoPaymentIntents, orderRefunds, subscriptions } from '../../src/server/schema';
import { auditOf, checkoutCardOrder, orderAction, orderRow, paidStripeOrder as paidOrderAtStripe, serviceOf, stripeRefunds } from '../support/admin-order-actions';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { orderJobStates } from '../support/outage';
import { registerCustomer } from '../support/customers';
import { seededPackages } from '../support/checkout';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const refunded = (orderId: string) => ({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });

describe('refunds through Stripe (a local stand-in of its API)', () => {
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
  });
  const refundRequests = (intentId: string) => stripeRefunds(stripe, intentId).requests;
  const refundsOf = (intentId: string) => stripeRefunds(stripe, intentId).made;
  const paidStripeOrder = () => paidOrderAtStripe(t, stripe);

  it('refunds the whole total once, keyed by its refund row; a second refund answers the same and calls Stripe no more', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();

    const first = await orderAction(t, 'refund', orderId, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(refunded(orderId));
    const second = await orderAction(t, 'refund', orderId, admin, {});
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(refunded(orderId));

    expect(refundRequests(intentId)).toHaveLength(1);
    const [refundRow] = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    expect(refundRequests(intentId)[0]!.headers['idempotency-key']).toBe(`refund-${refundRow!.id}`);
    expect(refundRequests(intentId)[0]!.form.amount).toBe('1599');
    expect(refundsOf(intentId)).toEqual([expect.objectContaining({ amount: 1599, status: 'succeeded' })]);
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('cancelled');
    const audit = await auditOf(t, orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUsername: TEST_ADMIN.username, action: 'order.refund', before: { paymentStatus: 'completed' } });
    expect(audit[0]!.after).toMatchObject({ paymentStatus: 'refunded', amount: '15.99', refund: { id: refundsOf(intentId)[0]!.id, status: 'succeeded' } });
  });

  it('gives one Stripe refund to concurrent refunds of one order', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    const answers = await Promise.all([1, 2, 3].map(() => orderAction(t, 'refund', orderId, admin)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    for (const answer of answers) expect(answer.json()).toEqual(refunded(orderId));
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await auditOf(t, orderId)).toHaveLength(1);
  });

  it('changes nothing while Stripe fails, and refunds once it answers', async () => {
    const admin = await signInAdmin(t);
    const { orderId } = await paidStripeOrder();
    stripe.goDown('error');
    try {
      const failed = await orderAction(t, 'refund', orderId, admin);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ message: 'The payment provider is not responding. Please try again.' });
    } finally {
      stripe.recover();
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed' });
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('active');
    expect(await auditOf(t, orderId)).toHaveLength(0);
    expect((await orderAction(t, 'refund', orderId, admin)).json()).toEqual(refunded(orderId));
  });

  it("leaves a refunded order refunded when Stripe's webhook or the browser says it was paid", async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    await orderAction(t, 'refund', orderId, admin);

    const { payload, signature } = stripe.event('payment_intent.succeeded', stripe.intents.get(intentId)!);
    const hook = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    expect(hook.statusCode).toBe(200);
    const notice = await t.app.inject({ method: 'POST', url: '/api/webhook/payment-success', payload: { orderId, paymentIntentId: intentId } });
    expect(notice.statusCode).toBe(409);
    expect(notice.json()).toEqual({ message: 'This order was refunded' });
    await t.services.jobs.drain();
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('cancelled');
  });
});

describe('refunds with the demo provider and a reseller panel', () => {
  const standIn = usePanelStandIn();
  const t = useTestApp(standIn.env);
  const couponUses = async (code: string) => (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usageCount;
  const demoIntent = async (id: string) => (await t.database.db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)))[0]!;

  /** A two-device order with WELCOME10 of a signed-in customer, paid with the demo's test card and provisioned. */
  async function paidDemoOrder() {
    const { customer, cookies } = await registerCustomer(t.app);
    const { orderId, intentId } = await checkoutCardOrder(t, { email: customer.email, deviceCount: '2', couponCode: 'WELCOME10' }, cookies);
    const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    await t.services.jobs.drain();
    return { orderId, intentId, cookies };
  }

  it('refunds once: the service ends, its panel lines stop, the coupon use comes back, an audit row names the admin', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId, cookies } = await paidDemoOrder();
    expect(await couponUses('WELCOME10')).toBe(1);
    const before = (await serviceOf(t, orderId))!;
    expect(before.credentials.map((c) => standIn.panel.lines.get(c.panelLineId!)!.enabled)).toEqual([true, true]);

    for (let i = 0; i < 2; i++) {
      const answer = await orderAction(t, 'refund', orderId, admin);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(refunded(orderId));
    }
    await t.services.jobs.drain();

    expect(await demoIntent(intentId)).toMatchObject({ status: 'refunded' });
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    const after = (await serviceOf(t, orderId))!;
    expect(after.subscription.status).toBe('cancelled');
    expect(after.credentials.map((c) => c.isActive)).toEqual([false, false]);
    expect(after.credentials.map((c) => standIn.panel.lines.get(c.panelLineId!)!.enabled)).toEqual([false, false]);
    expect(await couponUses('WELCOME10')).toBe(0);

    const audit = await auditOf(t, orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUsername: TEST_ADMIN.username, action: 'order.refund', targetType: 'order' });
    expect(audit[0]!.after).toMatchObject({ paymentStatus: 'refunded', couponReleased: true, refund: { status: 'succeeded' }, subscription: { status: 'cancelled' } });

    const mine = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies })).json();
    expect(mine).toEqual([expect.objectContaining({ orderId, status: 'cancelled' })]);
    const paidAgain = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    expect(paidAgain.statusCode).toBe(400);
    expect(paidAgain.json()).toEqual({ message: 'This payment was refunded' });
  });

  it('stands while the panel is down; the lines stop once it is back', async () => {
    const admin = await signInAdmin(t);
    const { orderId } = await paidDemoOrder();
    standIn.panel.goDown('error');
    try {
      expect((await orderAction(t, 'refund', orderId, admin)).statusCode).toBe(200);
      await t.services.jobs.drain();
      expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded' });
    } finally {
      standIn.panel.recover();
    }
    await t.services.jobs.drain({ includeDelayed: true });
    const { credentials } = (await serviceOf(t, orderId))!;
    expect(credentials.map((c) => standIn.panel.lines.get(c.panelLineId!)!.enabled)).toEqual([false, false]);
  });

  it('gives an order refunded before provisioning no service', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, paymentMethod: 'free' });
    expect((await orderAction(t, 'refund', order.id, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect(await serviceOf(t, order.id)).toBeNull();
    expect(standIn.panel.lines.size).toBe(0);
    expect(await orderJobStates(t, order.id)).toEqual([
      { name: 'order-confirmation-mail', state: 'completed' },
      { name: 'provision-order', state: 'completed' },
    ]);
    expect(await orderRow(t, order.id)).toMatchObject({ paymentStatus: 'refunded', fulfilledAt: null, confirmationSentAt: null });
  });

  it('takes back the time a refunded renewal added, keeping the time bought before', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const { customer } = await registerCustomer(t.app);
    const first = await paidOrder(t, { packageId: oneMonth.id, customerId: customer.id, email: customer.email });
    await t.services.jobs.drain();
    const { subscription } = (await serviceOf(t, first.id))!;
    const renewal = await paidOrder(t, { packageId: oneMonth.id, customerId: customer.id, email: customer.email, renewsSubscriptionId: subscription.id, paymentMethod: 'free' });
    await t.services.jobs.drain();
    const [renewed] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(renewed!.expirationDate.getTime()).toBeGreaterThan(subscription.expirationDate.getTime());

    expect((await orderAction(t, 'refund', renewal.id, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();
    const [after] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after).toMatchObject({ status: 'active' });
    // The month taken back lands on the first expiry, give or take a month end's clamping (31 January + 1 month - 1 month = 28 January).
    const drift = subscription.expirationDate.getTime() - after!.expirationDate.getTime();
    expect(drift).toBeGreaterThanOrEqual(0);
    expect(drift).toBeLessThanOrEqual(3 * 24 * 3600_000);
    const { credentials } = (await serviceOf(t, first.id))!;
    expect(standIn.panel.lines.get(credentials[0]!.panelLineId!)).toMatchObject({ enabled: true, expDate: Math.floor(after!.expirationDate.getTime() / 1000) });
  });

  it('refunds a crypto order by hand: the note is required and kept in the audit row', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const created = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    const { orderId, paymentId } = created.json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'finished' } });

    for (const payload of [undefined, {}, { note: '' }, { note: '   ' }]) {
      const refused = await orderAction(t, 'refund', orderId, admin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toEqual({ message: 'A crypto payment is refunded outside the store: add a note saying how it was refunded' });
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed' });

    const note = 'Sent 15.99 USDC back to the buyer, tx 0xabc';
    const answer = await orderAction(t, 'refund', orderId, admin, { note });
    expect(answer.json()).toEqual(refunded(orderId));
    const [row] = await auditOf(t, orderId);
    expect(row!.after).toMatchObject({ paymentStatus: 'refunded', note, refund: null });
  });

  it('refuses an unknown order, an unpaid one, and a bad body', async () => {
    const admin = await signInAdmin(t);
    const unknown = await orderAction(t, 'refund', 'SP-1-000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });

    const { oneMonth } = await seededPackages(t.app);
    const pending = await pendingOrder(t, { packageId: oneMonth.id });
    const refused = await orderAction(t, 'refund', pending.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Only a paid order or one that needs review can be refunded' });
    expect(await orderRow(t, pending.id)).toMatchObject({ paymentStatus: 'pending' });

    for (const payload of [{ note: 'x', amount: 5 }, { note: 7 }, []]) {
      const bad = await orderAction(t, 'refund', pending.id, admin, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
    expect(await auditOf(t, pending.id)).toHaveLength(0);
  });

  it('needs an admin', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, paymentMethod: 'free' });
    const response = await orderAction(t, 'refund', order.id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Admin authentication required' });
    expect(await orderRow(t, order.id)).toMatchObject({ paymentStatus: 'completed' });
  });
});
