import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, blocklistEntries, disputes, orders, processedEvents } from '../../src/server/schema';
import { checkoutCardOrder, orderRow, paidStripeOrder, serviceOf, stripeRefunds } from '../support/admin-order-actions';
import { signInAdmin } from '../support/admins';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { seededPackages } from '../support/checkout';
import { STRIPE_TEST_SETTINGS, standInDispute, standInFraudWarning, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

describe('disputes and early fraud warnings through Stripe (a local stand-in of its API)', () => {
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
  });

  const webhook = ({ payload, signature }: { payload: string; signature?: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      payload,
    });
  /** A provisioned order paid at the stand-in, and its disputes' events as Stripe would send them. */
  async function disputedOrder() {
    const { orderId, intentId } = await paidStripeOrder(t, stripe);
    const intent = stripe.intents.get(intentId)!;
    const on = (type: 'created' | 'updated' | 'closed' | 'funds_withdrawn', overrides: Parameters<typeof standInDispute>[1] = {}) =>
      stripe.event(`charge.dispute.${type}`, standInDispute(intent, overrides));
    return { orderId, intentId, intent, on };
  }
  const auditActions = async (orderId: string) => (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId))).map((row) => row.action).sort();
  const disputeRows = () => t.database.db.select().from(disputes);

  it('handles created, updated, funds_withdrawn and closed once each; a replay and a second created change nothing', async () => {
    const { orderId, on } = await disputedOrder();
    const created = on('created', { balance_transactions: [] });
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('disputed');
    expect((await serviceOf(t, orderId))!.subscription.disputeSuspendedAt).not.toBeNull();
    expect((await webhook(created)).statusCode).toBe(200);
    expect((await webhook(on('created', { balance_transactions: [] }))).statusCode).toBe(200);
    expect(await auditActions(orderId)).toEqual(['order.dispute_open']);

    expect((await webhook(on('updated', { status: 'needs_response', reason: 'product_not_received', balance_transactions: [] }))).statusCode).toBe(200);
    expect((await disputeRows())[0]).toMatchObject({ status: 'needs_response', reason: 'product_not_received', fee: 0 });
    expect((await webhook(on('funds_withdrawn'))).statusCode).toBe(200);
    expect((await disputeRows())[0]).toMatchObject({ fee: 1500 });
    // A later event without the balance transactions keeps the fee.
    const closed = on('closed', { status: 'lost', balance_transactions: [] });
    expect((await webhook(closed)).statusCode).toBe(200);
    expect((await webhook(closed)).statusCode).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'disputed_lost', disputeLoss: '30.99' });
    expect(await auditActions(orderId)).toEqual(['order.dispute_lost', 'order.dispute_open']);
    // Five events, each recorded once however often it came.
    expect(await t.database.db.select().from(processedEvents)).toHaveLength(5);
  });

  it('closed before created never ends up open: won leaves the order paid, lost holds it lost', async () => {
    const won = await disputedOrder();
    expect((await webhook(won.on('closed', { status: 'won' }))).statusCode).toBe(200);
    expect((await webhook(won.on('created'))).statusCode).toBe(200);
    expect((await orderRow(t, won.orderId)).paymentStatus).toBe('completed');
    expect((await serviceOf(t, won.orderId))!.subscription.disputeSuspendedAt).toBeNull();

    const lost = await disputedOrder();
    expect((await webhook(lost.on('closed', { status: 'lost' }))).statusCode).toBe(200);
    expect((await webhook(lost.on('created'))).statusCode).toBe(200);
    expect((await webhook(lost.on('updated', { status: 'under_review' }))).statusCode).toBe(200);
    expect(await orderRow(t, lost.orderId)).toMatchObject({ paymentStatus: 'disputed_lost', disputeLoss: '30.99' });
    expect((await serviceOf(t, lost.orderId))!.subscription.disputeSuspendedAt).not.toBeNull();
    const rows = await disputeRows();
    expect(rows.map((row) => row.status).sort()).toEqual(['lost', 'won']);
    expect(await auditActions(lost.orderId)).toEqual(['order.dispute_lost']);
  });

  it('acknowledges a dispute of a charge it does not know, and refuses one of a crypto order, changing nothing', async () => {
    const { intent } = await disputedOrder();
    const foreign = standInDispute({ ...intent, id: 'pi_not_the_stores' });
    expect((await webhook(stripe.event('charge.dispute.created', foreign))).statusCode).toBe(200);

    const { oneMonth } = await seededPackages(t.app);
    const crypto = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    const cryptoOrderId = crypto.json().orderId as string;
    // Impossible at Stripe; a corrupted row or a foreign event naming it must still change nothing.
    await t.database.db.update(orders).set({ stripePaymentIntentId: 'pi_on_a_crypto_order' }).where(eq(orders.id, cryptoOrderId));
    const before = await orderRow(t, cryptoOrderId);
    const response = await webhook(stripe.event('charge.dispute.created', standInDispute({ ...intent, id: 'pi_on_a_crypto_order' })));
    expect(response.statusCode).toBe(200);
    expect(await orderRow(t, cryptoOrderId)).toEqual(before);
    expect(await disputeRows()).toHaveLength(0);
  });

  it('refuses an unsigned or wrongly signed dispute event with 400', async () => {
    const { orderId, on } = await disputedOrder();
    const delivery = on('created');
    expect((await webhook({ payload: delivery.payload })).statusCode).toBe(400);
    const forged = await webhook({ payload: delivery.payload, signature: 't=123,v1=deadbeef' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/Stripe signature/);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('completed');
  });

  it('submits the evidence with disputes.update and submit: true', async () => {
    const admin = await signInAdmin(t);
    const { orderId, on, intent } = await disputedOrder();
    await webhook(on('created'));
    const answer = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/dispute/submit`, cookies: admin, payload: { note: 'Streamed for weeks.' } });
    expect(answer.statusCode).toBe(200);
    const update = stripe.requests.find((request) => request.method === 'POST' && request.path === `/v1/disputes/dp_${intent.id.slice(3)}`)!;
    expect(update.form).toMatchObject({
      submit: 'true',
      'evidence[customer_email_address]': (await orderRow(t, orderId)).customerEmail,
      'evidence[uncategorized_text]': expect.stringContaining('Note from the store: Streamed for weeks.'),
    });
    expect(update.form['evidence[access_activity_log]']).toContain('Checkout ');
  });

  it('refunds an undisputed order on an early fraud warning through Stripe and blocks its email, once', async () => {
    const { orderId, intentId, intent } = await disputedOrder();
    const warning = stripe.event('radar.early_fraud_warning.created', standInFraudWarning(intent));
    expect((await webhook(warning)).statusCode).toBe(200);
    expect((await webhook(stripe.event('radar.early_fraud_warning.created', standInFraudWarning(intent)))).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).paymentStatus).toBe('refunded');
    expect(stripeRefunds(stripe, intentId).made).toEqual([expect.objectContaining({ amount: 1599 })]);
    const entries = await t.database.db.select().from(blocklistEntries);
    expect(entries.map((entry) => [entry.kind, entry.authorAdminId])).toEqual([['email', null]]);
  });

  it("sends Radar the buyer's email, address and browser with the PaymentIntent", async () => {
    const { orderId, intentId } = await checkoutCardOrder(t);
    const order = await orderRow(t, orderId);
    const creation = stripe.requests.find((request) => request.method === 'POST' && request.path === '/v1/payment_intents' && request.form['metadata[orderId]'] === orderId)!;
    expect(creation.form).toMatchObject({
      receipt_email: order.customerEmail,
      'metadata[buyer_ip_address]': order.buyerIpAddress,
      'metadata[buyer_user_agent]': order.buyerUserAgent,
      'metadata[buyer_email]': order.customerEmail,
    });
    expect(stripe.intents.get(intentId)).toBeDefined();
  });
});
