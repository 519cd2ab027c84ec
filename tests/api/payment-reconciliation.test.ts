import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoPaymentIntents, orders, savedCards, subscriptions } from '../../src/server/schema';
import { RECONCILIATION_JOBS } from '../../src/server/workflows/payment-reconciliation';
import { createDemoCrypto } from '../../src/server/providers/crypto/demo-crypto';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, notificationsOf, orderRow, postCryptoPayment } from '../support/crypto';
import { useTestApp } from '../support/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Orders paid at the provider whose notice never arrived (docs/decisions/0015): the
 * reconciliation job asks the provider and completes the paid ones, once.
 */
describe('payment reconciliation', () => {
  const t = useTestApp();

  async function cardOrder() {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id));
    expect(response.statusCode).toBe(200);
    const { order, clientSecret } = response.json();
    return { orderId: order.id as string, intentId: intentIdOf(clientSecret) };
  }

  /** The card network takes the money; the store hears nothing of it. */
  async function paidSilently(intentId: string) {
    if (t.services.cardPayments.kind !== 'demo') throw new Error('demo card provider expected');
    expect(await t.services.cardPayments.confirm(intentId, '4242424242424242')).toMatchObject({ outcome: 'succeeded' });
  }

  const placedAgo = (orderId: string, ms: number) =>
    t.database.db.update(orders).set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` }).where(eq(orders.id, orderId));

  async function runReconciliation(job: string = RECONCILIATION_JOBS.recent) {
    await t.services.jobs.send(job, {});
    await t.services.jobs.drain();
  }

  const subscriptionsOf = (orderId: string) => t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));

  it('saves the card of a purchase with "Renew automatically" that reconciliation completed', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { autoRenew: true }));
    const paid = { orderId: response.json().order.id as string, intentId: intentIdOf(response.json().clientSecret) };
    await paidSilently(paid.intentId);
    await placedAgo(paid.orderId, 2 * MINUTE);

    await runReconciliation();
    await runReconciliation();
    const [subscription] = await subscriptionsOf(paid.orderId);
    expect(subscription).toMatchObject({ autoRenew: true, savedCardId: expect.any(String) });
    expect(await t.database.db.select().from(savedCards)).toHaveLength(1);
  });

  it('completes a card order paid at the provider a minute ago, once, with its subscription', async () => {
    const paid = await cardOrder();
    await paidSilently(paid.intentId);
    await placedAgo(paid.orderId, 2 * MINUTE);
    const unpaid = await cardOrder();
    await placedAgo(unpaid.orderId, 2 * MINUTE);
    const justPaid = await cardOrder();
    await paidSilently(justPaid.intentId);

    await runReconciliation();
    expect(await orderRow(t.database.db, paid.orderId)).toMatchObject({ paymentStatus: 'completed', stripePaymentIntentId: paid.intentId });
    expect(await subscriptionsOf(paid.orderId)).toHaveLength(1);
    expect(await notificationsOf(t.database.db, paid.orderId)).toHaveLength(1);
    expect(await orderRow(t.database.db, unpaid.orderId)).toMatchObject({ paymentStatus: 'pending' });
    // Placed moments ago: its own notice is still on its way.
    expect(await orderRow(t.database.db, justPaid.orderId)).toMatchObject({ paymentStatus: 'pending' });

    await runReconciliation();
    expect(await subscriptionsOf(paid.orderId)).toHaveLength(1);
    expect(await notificationsOf(t.database.db, paid.orderId)).toHaveLength(1);
  });

  it('leaves a card order whose payment does not match its total', async () => {
    const order = await cardOrder();
    await paidSilently(order.intentId);
    await t.database.db.update(demoPaymentIntents).set({ amount: 100 }).where(eq(demoPaymentIntents.id, order.intentId));
    await placedAgo(order.orderId, 2 * MINUTE);
    await runReconciliation();
    expect(await orderRow(t.database.db, order.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect(await subscriptionsOf(order.orderId)).toEqual([]);
  });

  it('completes a declined card order the buyer paid with another card', async () => {
    const order = await cardOrder();
    await t.services.orders.markOrderPaymentFailed(order.orderId, 'Your card was declined.');
    await paidSilently(order.intentId);
    await placedAgo(order.orderId, 20 * MINUTE);
    await runReconciliation(RECONCILIATION_JOBS.older);
    expect(await orderRow(t.database.db, order.orderId)).toMatchObject({ paymentStatus: 'completed', failureReason: null });
  });

  it('completes a crypto order the provider reports finished, and asks about crypto for days but cards for one', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const created = await postCryptoPayment(t.app, cryptoForm(oneMonth.id));
    expect(created.statusCode).toBe(200);
    const { paymentId, orderId } = created.json();
    expect(await createDemoCrypto(t.database.db).setStatus(paymentId, 'finished')).toBe(true);
    await placedAgo(orderId, 3 * DAY);
    const oldCard = await cardOrder();
    await paidSilently(oldCard.intentId);
    await placedAgo(oldCard.orderId, 3 * DAY);

    await runReconciliation();
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ paymentStatus: 'pending' });
    await runReconciliation(RECONCILIATION_JOBS.older);
    expect(await orderRow(t.database.db, orderId)).toMatchObject({ paymentStatus: 'completed', cryptoPaymentId: paymentId });
    expect(await subscriptionsOf(orderId)).toHaveLength(1);
    expect(await orderRow(t.database.db, oldCard.orderId)).toMatchObject({ paymentStatus: 'pending' });
  });
});
