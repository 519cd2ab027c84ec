import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, mailOutbox, orderRefunds } from '../../src/server/schema';
import { auditOf, checkoutCardOrder, orderRow, paidStripeOrder as paidOrderAtStripe, serviceOf, stripeRefunds } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { registerCustomer } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { STRIPE_TEST_SETTINGS, useStripeStandIn } from '../support/stripe-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** POST /api/admin/orders/:orderId/refund as the refund dialog sends it: a body, and the dialog's Idempotency-Key when given. */
function refund(t: TestApp, orderId: string, admin: { asid: string }, payload?: object, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${encodeURIComponent(orderId)}/refund`,
    cookies: admin,
    ...(payload ? { payload } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

async function detailOf(t: TestApp, orderId: string, admin: { asid: string }) {
  const response = await t.app.inject({ method: 'GET', url: `/api/admin/orders/${encodeURIComponent(orderId)}`, cookies: admin });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const refundMails = (t: TestApp, orderId: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.createdAt))
    .then((rows) => rows.filter((row) => row.subject.includes(orderId) && row.subject.startsWith('Refund')));

describe('partial refunds through Stripe (a local stand-in of its API)', () => {
  const { stripe: standIn, providers } = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers });
  const refundRequests = (intentId: string) => stripeRefunds(standIn(), intentId).requests;
  const refundsOf = (intentId: string) => stripeRefunds(standIn(), intentId).made;
  const paidStripeOrder = () => paidOrderAtStripe(t, standIn());

  it('refunds $5.00 of $15.99 and keeps the order paid, refuses more than is left, then refunds the rest in full', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();

    const part = await refund(t, orderId, admin, { amount: '5.00', note: 'One week unused' });
    expect(part.statusCode).toBe(200);
    expect(part.json()).toEqual({ orderId, paymentStatus: 'completed', message: `Refunded $5.00 of order ${orderId}; $10.99 is left` });
    expect(refundRequests(intentId).map((r) => r.form.amount)).toEqual(['500']);
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '5.00' });
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('active');

    const detail = await detailOf(t, orderId, admin);
    expect(detail.order.paymentStatus).toBe('completed');
    expect(detail.payment).toMatchObject({ totalAmount: '15.99', refundedAmount: '5.00', refundableAmount: '10.99', receivedAmount: null });
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: '5.00', note: 'One week unused', status: 'succeeded', createdAt: expect.any(String) })]);

    const tooMuch = await refund(t, orderId, admin, { amount: '11.00' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: `At most $10.99 is left to refund on ${orderId}` });
    expect(refundRequests(intentId)).toHaveLength(1);

    const rest = await refund(t, orderId, admin, {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });
    expect(refundRequests(intentId).map((r) => r.form.amount)).toEqual(['500', '1099']);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([500, 1099]);
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '15.99' });
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('cancelled');
    expect((await detailOf(t, orderId, admin)).payment).toMatchObject({ refundedAmount: '15.99', refundableAmount: '0.00' });

    // Once refunded in full, another refund answers the same and calls Stripe no more.
    const again = await refund(t, orderId, admin, { amount: '1.00' });
    expect(again.json()).toEqual({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });
    expect(refundRequests(intentId)).toHaveLength(2);

    const audit = (await auditOf(t, orderId)).filter((row) => row.action === 'order.refund').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(audit.map((row) => row.after)).toEqual([
      expect.objectContaining({ paymentStatus: 'completed', amount: '5.00', note: 'One week unused', full: false, refundedAmount: '5.00' }),
      expect.objectContaining({ paymentStatus: 'refunded', amount: '10.99', full: true, refundedAmount: '15.99' }),
    ]);

    const mails = await refundMails(t, orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([`Refund of $5.00 for order ${orderId}`, `Refund of $10.99 for order ${orderId}`]);
    expect(mails[0]!.text).toContain(`We have refunded $5.00 of your StreamPlus order ${orderId}.`);
    expect(mails[0]!.text).toContain('Your subscription continues; $10.99 of the order remains paid.');
    expect(mails[1]!.text).toContain('the subscription it paid for has ended');
  });

  it('makes one refund of two identical requests sent at once with the dialog key', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    const answers = await Promise.all([1, 2].map(() => refund(t, orderId, admin, { amount: '5.00' }, 'dialog-key-0001')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.json()).toEqual({ orderId, paymentStatus: 'completed', message: `Refunded $5.00 of order ${orderId}; $10.99 is left` });
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([500]);
    expect(await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId))).toHaveLength(1);
    expect(await orderRow(t, orderId)).toMatchObject({ refundedAmount: '5.00' });
    expect(await refundMails(t, orderId)).toHaveLength(1);
  });

  it('refuses a dialog key sent again with another amount, note or order, and repeats the answer of the identical request only', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    const first = await refund(t, orderId, admin, { amount: '1.00' }, 'dialog-key-0002');
    expect(first.json()).toEqual({ orderId, paymentStatus: 'completed', message: `Refunded $1.00 of order ${orderId}; $14.99 is left` });

    const reused = 'This Idempotency-Key was already used for a different refund request: send a new key for a new refund';
    for (const other of [{ amount: '2.00' }, {}, { amount: '1.00', note: 'Goodwill' }]) {
      const answer = await refund(t, orderId, admin, other, 'dialog-key-0002');
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({ message: reused });
    }
    const { orderId: otherOrder } = await paidStripeOrder();
    const elsewhere = await refund(t, otherOrder, admin, { amount: '1.00' }, 'dialog-key-0002');
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({ message: reused });

    const repeated = await refund(t, orderId, admin, { amount: '1.00' }, 'dialog-key-0002');
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual(first.json());
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([100]);
    expect(await orderRow(t, orderId)).toMatchObject({ refundedAmount: '1.00' });
    expect(await orderRow(t, otherOrder)).toMatchObject({ refundedAmount: '0.00' });
  });

  it('keeps a refund whose Stripe call failed and pays it once, under the same key, before the next one', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    standIn().goDown('error');
    try {
      const failed = await refund(t, orderId, admin, { amount: '3.00' });
      expect(failed.statusCode).toBe(502);
    } finally {
      standIn().recover();
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '0.00' });
    const next = await refund(t, orderId, admin, { amount: '2.00' });
    expect(next.statusCode).toBe(200);
    expect(next.json().message).toBe(`Refunded $2.00 of order ${orderId}; $10.99 is left`);
    expect(refundsOf(intentId).map((r) => r.amount)).toEqual([300, 200]);
    const rows = await t.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    const keys = refundRequests(intentId).map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set(rows.map((row) => `refund-${row.id}`)));
  });

  it('refuses an amount that is not a sum of money above zero', async () => {
    const admin = await signInAdmin(t);
    const { orderId, intentId } = await paidStripeOrder();
    const cases: [unknown, string][] = [
      ['0', 'Amount must be more than $0.00'],
      ['0.00', 'Amount must be more than $0.00'],
      ['-1.00', 'Amount must not be negative'],
      ['5.001', 'Amount must be an amount such as 12.34'],
      ['five', 'Amount must be an amount such as 12.34'],
      [5, 'Amount must be an amount such as 12.34'],
    ];
    for (const [amount, message] of cases) {
      const bad = await refund(t, orderId, admin, { amount });
      expect(bad.statusCode, JSON.stringify(amount)).toBe(400);
      expect(bad.json()).toEqual({ message });
    }
    const badKey = await refund(t, orderId, admin, { amount: '1.00' }, 'short');
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().message).toContain('Idempotency-Key must be 8 to 200 characters');
    expect(refundRequests(intentId)).toHaveLength(0);
  });
});

describe('partial refunds with the demo provider: coupon and service kept until the last cent', () => {
  const standIn = usePanelStandIn();
  const t = useTestApp(standIn.env);
  const couponUses = async (code: string) => (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usageCount;

  it('keeps the coupon use and the panel lines through partial refunds; the one that empties the order ends them', async () => {
    const admin = await signInAdmin(t);
    const { customer, cookies } = await registerCustomer(t.app);
    const { orderId, intentId } = await checkoutCardOrder(t, { email: customer.email, couponCode: 'WELCOME10' }, cookies);
    await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    await t.services.jobs.drain();
    const total = (await orderRow(t, orderId)).totalAmount;
    expect(await couponUses('WELCOME10')).toBe(1);

    expect((await refund(t, orderId, admin, { amount: '1.00' })).statusCode).toBe(200);
    expect((await refund(t, orderId, admin, { amount: '2.50' })).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '3.50' });
    expect(await couponUses('WELCOME10')).toBe(1);
    const service = (await serviceOf(t, orderId))!;
    expect(service.subscription.status).toBe('active');
    expect(standIn.panel.lines.get(service.credentials[0]!.panelLineId!)).toMatchObject({ enabled: true });

    const last = await refund(t, orderId, admin, {});
    expect(last.json()).toMatchObject({ paymentStatus: 'refunded' });
    await t.services.jobs.drain();
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: total });
    expect(await couponUses('WELCOME10')).toBe(0);
    const ended = (await serviceOf(t, orderId))!;
    expect(ended.subscription.status).toBe('cancelled');
    expect(standIn.panel.lines.get(ended.credentials[0]!.panelLineId!)).toMatchObject({ enabled: false });
  });

  it("keeps a partly refunded order completed with what was refunded in the list and the detail, 'partly_refunded' in the CSV, and marks a renewal", async () => {
    const admin = await signInAdmin(t);
    const { customer, cookies } = await registerCustomer(t.app);
    const { orderId, intentId } = await checkoutCardOrder(t, { email: customer.email }, cookies);
    await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: GOOD_CARD });
    await t.services.jobs.drain();
    expect((await refund(t, orderId, admin, { amount: '1.00' })).statusCode).toBe(200);
    const { oneMonth } = await seededPackages(t.app);
    const renewal = await paidOrder(t, { packageId: oneMonth.id, customerId: customer.id, email: customer.email, renewsSubscriptionId: (await serviceOf(t, orderId))!.subscription.id });
    await t.services.jobs.drain();

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(customer.email)}`, cookies: admin });
    const listed = new Map(list.json<Array<{ id: string; paymentStatus: string; refundedAmount: string; renewal: boolean }>>().map((order) => [order.id, order]));
    expect(listed.get(orderId)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '1.00', renewal: false });
    expect(listed.get(renewal.id)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '0.00', renewal: true });
    expect((await detailOf(t, orderId, admin)).order).toMatchObject({ paymentStatus: 'completed', refundedAmount: '1.00', renewal: false });
    expect((await detailOf(t, renewal.id, admin)).order).toMatchObject({ renewal: true });

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/export/orders.csv', cookies: admin });
    const [header, ...rows] = csv.body.slice(1).trimEnd().split('\r\n').map((record) => record.split(','));
    const status = header!.indexOf('Payment status');
    const statusOf = (id: string) => rows.find((row) => row[0] === id)![status];
    expect([statusOf(orderId), statusOf(renewal.id)]).toEqual(['partly_refunded', 'completed']);
  });

  it('shows what a part-paid crypto payment brought, and refunds no more than that', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const { orderId, paymentId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id))).json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'partially_paid' } });

    const detail = await detailOf(t, orderId, admin);
    expect(detail.order.paymentStatus).toBe('needs_review');
    // The demo buyer sends half of 15.99 USDC, rounded down: 7.99.
    expect(detail.order.reason).toBe(`Crypto payment ${paymentId} partially paid: received $7.99 of $15.99, 7.99 of 15.99 USDC`);
    expect(detail.payment).toMatchObject({ totalAmount: '15.99', receivedAmount: '7.99', refundableAmount: '7.99', refundedAmount: '0.00' });

    const tooMuch = await refund(t, orderId, admin, { amount: '8.00', note: 'Sent back by hand' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: `At most $7.99 is left to refund on ${orderId}` });

    const all = await refund(t, orderId, admin, { note: 'Sent 7.99 USDC back, tx 0xfeed' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '7.99' });
    const [row] = await auditOf(t, orderId);
    expect(row!.after).toMatchObject({ amount: '7.99', note: 'Sent 7.99 USDC back, tx 0xfeed', full: true, refund: null });
    // It never had a subscription, so the email says only that everything paid came back.
    const [mail] = await refundMails(t, orderId);
    expect(mail!.subject).toBe(`Refund of $7.99 for order ${orderId}`);
    expect(mail!.text).toContain('Refunded so far: $7.99 of $15.99.\nEverything paid for this order has now been refunded.\n');
  });

  it('refunds a part-paid crypto order honoured since by what arrived, not by its total', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const { orderId, paymentId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id))).json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'partially_paid' } });
    const honoured = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${encodeURIComponent(orderId)}/honour`, cookies: admin });
    expect(honoured.json()).toMatchObject({ paymentStatus: 'completed' });
    await t.services.jobs.drain();

    const detail = await detailOf(t, orderId, admin);
    expect(detail.order.paymentStatus).toBe('completed');
    expect(detail.payment).toMatchObject({ totalAmount: '15.99', receivedAmount: '7.99', refundableAmount: '7.99', refundedAmount: '0.00' });
    const tooMuch = await refund(t, orderId, admin, { amount: '15.99', note: 'Sent back by hand' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ message: `At most $7.99 is left to refund on ${orderId}` });
    expect(await refundMails(t, orderId)).toHaveLength(0);

    const all = await refund(t, orderId, admin, { note: 'Sent 7.99 USDC back, tx 0xbeef' });
    expect(all.json()).toEqual({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '7.99' });
    const [mail] = await refundMails(t, orderId);
    expect(mail!.subject).toBe(`Refund of $7.99 for order ${orderId}`);
  });

  it('refunds the whole total of a part-paid crypto order that was then paid in full', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const { orderId, paymentId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id))).json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'partially_paid' } });
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'finished' } });

    const detail = await detailOf(t, orderId, admin);
    expect(detail.order.paymentStatus).toBe('completed');
    expect(detail.payment).toMatchObject({ totalAmount: '15.99', receivedAmount: null, refundableAmount: '15.99' });
  });
});
