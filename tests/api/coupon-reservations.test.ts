import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, orders, purchaseNotifications, subscriptions } from '../../src/server/schema';
import { releaseCouponUse } from '../../src/server/features/coupons/service';
import { giveBackCouponUse, holdsCouponUse } from '../../src/server/features/orders/coupon-use';
import { RECONCILIATION_JOBS } from '../../src/server/workflows/payment-reconciliation';
import { signInAdmin } from '../support/admins';
import { browserCookieOf, checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, orderRow, postCryptoPayment } from '../support/crypto';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

const MINUTE = 60_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

/** Decision 0020: a coupon use is reserved with the order, so a buyer allowed to pay always gets what was paid for. */
describe('coupon reservations', () => {
  const t = useTestApp();

  const addCoupon = (code: string, usageLimit: number, value = '5.00', type: 'fixed' | 'percentage' = 'fixed') =>
    t.database.db.insert(coupons).values({ code, description: `${code} for a few`, type, value, usageLimit });
  const usesOf = async (code: string) => (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usageCount;
  const confirm = (intentId: string, card: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentId}/confirm`, payload: card });
  const simulate = (paymentId: string, status: string) =>
    t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status } });
  const placedAgo = (orderId: string, ms: number) =>
    t.database.db.update(orders).set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` }).where(eq(orders.id, orderId));
  async function runReconciliation() {
    await t.services.jobs.send(RECONCILIATION_JOBS.recent, {});
    await t.services.jobs.drain();
  }

  async function cardOrderWith(couponCode: string) {
    const { oneMonth } = await seededPackages(t.app);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode }));
    expect(response.statusCode).toBe(200);
    return { orderId: response.json().order.id as string, intentId: intentIdOf(response.json().clientSecret) };
  }

  it('gives a limit-5 coupon to exactly 5 of 30 concurrent checkouts, refuses the rest before they pay, and completes all 5 payments', async () => {
    await addCoupon('FIVE', 5);
    const { oneMonth } = await seededPackages(t.app);
    const checkouts = await Promise.all(Array.from({ length: 30 }, () => postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'FIVE' }))));

    const placed = checkouts.filter((r) => r.statusCode === 200);
    const refused = checkouts.filter((r) => r.statusCode !== 200);
    expect(placed).toHaveLength(5);
    expect(refused.map((r) => [r.statusCode, r.json()])).toEqual(Array(25).fill([409, { message: 'This coupon has reached its usage limit' }]));
    expect(placed.map((r) => r.json().order)).toEqual(Array(5).fill(expect.objectContaining({ couponCode: 'FIVE', totalAmount: '10.99' })));
    expect(await t.database.db.select().from(orders)).toHaveLength(5);
    expect(await usesOf('FIVE')).toBe(5);

    const bought = placed.map((r) => ({ orderId: r.json().order.id as string, intentId: intentIdOf(r.json().clientSecret) }));
    const payments = await Promise.all(bought.map(({ intentId }) => confirm(intentId, GOOD_CARD)));
    expect(payments.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, bought.map((b) => b.orderId)));
    expect(rows.map((o) => [o.paymentStatus, o.failureReason, o.couponReserved])).toEqual(Array(5).fill(['completed', null, true]));
    expect(await t.database.db.select().from(purchaseNotifications)).toHaveLength(5);
    expect(await usesOf('FIVE')).toBe(5);
  });

  it('reserves once for a double submit, even when it took the last use', async () => {
    await addCoupon('ONCE', 1);
    const { oneMonth } = await seededPackages(t.app);
    const form = checkoutForm(oneMonth.id, { couponCode: 'ONCE' });
    const first = await postCheckout(t.app, form);
    expect(first.statusCode).toBe(200);
    const repeats = await Promise.all(Array.from({ length: 5 }, () => postCheckout(t.app, form, browserCookieOf(first))));
    expect(repeats.map((r) => [r.statusCode, r.json().order.id])).toEqual(Array(5).fill([200, first.json().order.id]));
    expect(await usesOf('ONCE')).toBe(1);

    const otherBuyer = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'ONCE' }));
    expect(otherBuyer.statusCode).toBe(409);
    expect(otherBuyer.json()).toEqual({ message: 'This coupon has reached its usage limit' });
  });

  it.each(['expired', 'failed'])('gives the use back when the crypto payment is %s', async (status) => {
    await addCoupon('CRYPTO1', 1);
    const { oneMonth } = await seededPackages(t.app);
    const created = await postCryptoPayment(t.app, cryptoForm(oneMonth.id, { couponCode: 'CRYPTO1' }));
    expect(created.statusCode).toBe(200);
    expect(await usesOf('CRYPTO1')).toBe(1);

    expect((await simulate(created.json().paymentId, status)).statusCode).toBe(200);
    expect(await orderRow(t.database.db, created.json().orderId)).toMatchObject({ paymentStatus: 'failed', couponReserved: false });
    expect(await usesOf('CRYPTO1')).toBe(0);
    // Repeated notices give nothing back twice.
    await simulate(created.json().paymentId, status);
    expect(await usesOf('CRYPTO1')).toBe(0);
    expect((await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'CRYPTO1' }))).statusCode).toBe(200);
  });

  it('keeps the use of a declined card while the buyer may retry, and gives back the uses of orders left for an hour', async () => {
    await addCoupon('HOUR', 3);
    const declined = await cardOrderWith('HOUR');
    expect((await confirm(declined.intentId, DECLINED_CARD)).statusCode).toBe(402);
    const recent = await cardOrderWith('HOUR');
    const paidUnheard = await cardOrderWith('HOUR');
    if (t.services.cardPayments.kind !== 'demo') throw new Error('demo card provider expected');
    await t.services.cardPayments.confirm(paidUnheard.intentId, '4242424242424242');
    expect(await orderRow(t.database.db, declined.orderId)).toMatchObject({ paymentStatus: 'failed', couponReserved: true });
    expect(await usesOf('HOUR')).toBe(3);

    await placedAgo(declined.orderId, 59 * MINUTE);
    await runReconciliation();
    expect(await orderRow(t.database.db, declined.orderId)).toMatchObject({ couponReserved: true });

    await placedAgo(declined.orderId, 61 * MINUTE);
    await placedAgo(recent.orderId, 30 * MINUTE);
    await placedAgo(paidUnheard.orderId, 61 * MINUTE);
    await runReconciliation();
    expect(await orderRow(t.database.db, declined.orderId)).toMatchObject({ paymentStatus: 'failed', couponReserved: false });
    expect(await orderRow(t.database.db, recent.orderId)).toMatchObject({ paymentStatus: 'pending', couponReserved: true });
    // Asked once more before its use goes back: it was paid, so it completes with its use.
    expect(await orderRow(t.database.db, paidUnheard.orderId)).toMatchObject({ paymentStatus: 'completed', couponReserved: true });
    expect(await usesOf('HOUR')).toBe(2);
  });

  it('still gives the buyer the order when they pay after their use was given back, within the limit or past it', async () => {
    await addCoupon('LAST', 1);
    const late = await cardOrderWith('LAST');
    await placedAgo(late.orderId, 2 * 60 * MINUTE);
    await runReconciliation();
    expect(await usesOf('LAST')).toBe(0);

    expect((await confirm(late.intentId, GOOD_CARD)).statusCode).toBe(200);
    expect(await orderRow(t.database.db, late.orderId)).toMatchObject({ paymentStatus: 'completed', couponReserved: true, failureReason: null });
    expect(await usesOf('LAST')).toBe(1);

    await t.database.db.update(coupons).set({ usageLimit: 2 }).where(eq(coupons.code, 'LAST'));
    const overtaken = await cardOrderWith('LAST');
    await placedAgo(overtaken.orderId, 2 * 60 * MINUTE);
    await runReconciliation();
    await cardOrderWith('LAST');
    expect(await usesOf('LAST')).toBe(2);

    const paid = await confirm(overtaken.intentId, GOOD_CARD);
    expect(paid.statusCode).toBe(200);
    expect(await orderRow(t.database.db, overtaken.orderId)).toMatchObject({
      paymentStatus: 'completed',
      couponReserved: true,
      failureReason: 'Paid after coupon LAST reached its usage limit: the discount was honoured past the limit',
    });
    expect(await usesOf('LAST')).toBe(3);
    await t.services.jobs.drain();
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, overtaken.orderId))).toHaveLength(1);
  });

  it('gives back a use never below zero, and an order gives back its use once', async () => {
    await addCoupon('ZERO', 2);
    await t.database.db.transaction(async (tx) => {
      expect(await releaseCouponUse(tx, 'ZERO')).toBe(false);
    });
    expect(await usesOf('ZERO')).toBe(0);

    const order = await cardOrderWith('ZERO');
    expect(holdsCouponUse(await orderRow(t.database.db, order.orderId))).toBe(true);
    expect(await usesOf('ZERO')).toBe(1);
    const givenBack = await t.database.db.transaction(async (tx) => [await giveBackCouponUse(tx, order.orderId), await giveBackCouponUse(tx, order.orderId)]);
    expect(givenBack).toEqual([true, false]);
    expect(holdsCouponUse(await orderRow(t.database.db, order.orderId))).toBe(false);
    expect(await usesOf('ZERO')).toBe(0);
  });

  it('gives an order free after its coupon no cashback and no gift card', async () => {
    await addCoupon('ALLFREE', 10, '100', 'percentage');
    const { oneMonth } = await seededPackages(t.app);
    expect(Number(oneMonth.cashback)).toBeGreaterThan(0);
    const response = await postCheckout(t.app, checkoutForm(oneMonth.id, { couponCode: 'ALLFREE', selectedGiftCard: 'Amazon' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isFreeOrder: true, order: { totalAmount: '0.00', cashbackAmount: '0.00', paymentStatus: 'completed' } });
    const free = await orderRow(t.database.db, response.json().order.id);
    expect(free).toMatchObject({ selectedGiftCard: null, cashbackAmount: '0.00', couponReserved: true });
    expect(await usesOf('ALLFREE')).toBe(1);

    // One placed before this rule kept its package's cashback: it is owed no card all the same.
    const earlier = await paidOrder(t, { packageId: oneMonth.id, totalAmount: '0.00', cashbackAmount: '10.00', giftCard: 'Amazon' });
    const admin = await signInAdmin(t);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/gift-cards/pending', cookies: admin });
    expect(queue.json()).toEqual([]);
    for (const orderId of [free.id, earlier.id]) {
      const mark = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/gift-card`, payload: { delivered: true }, cookies: admin });
      expect([mark.statusCode, mark.json()]).toEqual([409, { message: 'This order earns no gift card' }]);
    }
  });
});

describe('the migration that adds coupon reservations', () => {
  const t = useTestApp();

  /** Runs the migration's data statements again (not its ALTER TABLE), on orders written before it. */
  async function rerunBackfill() {
    const drizzle = path.join(__dirname, '../../drizzle');
    const file = readdirSync(drizzle).find((name) => name.endsWith('_coupon_reservations.sql'))!;
    const statements = readFileSync(path.join(drizzle, file), 'utf8').split('--> statement-breakpoint');
    for (const statement of statements.filter((text) => /^\s*(--.*\n)*\s*UPDATE/i.test(text))) await t.database.executeSql(statement, []);
  }

  it('marks orders paid with a coupon as holding its use; unpaid ones take theirs at payment', async () => {
    await t.database.db.insert(coupons).values({ code: 'OLD', description: 'Before reservations', type: 'fixed', value: '5.00', usageLimit: 5, usageCount: 1 });
    const paid = await pendingOrder(t, { packageId: 'streaming-box' });
    const unpaid = await pendingOrder(t, { packageId: 'streaming-box' });
    const plain = await pendingOrder(t, { packageId: 'streaming-box' });
    await t.database.db.update(orders).set({ couponCode: 'OLD' }).where(inArray(orders.id, [paid.id, unpaid.id]));
    await t.database.db.update(orders).set({ paymentStatus: 'completed' }).where(inArray(orders.id, [paid.id, plain.id]));

    await rerunBackfill();
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, [paid.id, unpaid.id, plain.id]));
    expect(Object.fromEntries(rows.map((o) => [o.id, o.couponReserved]))).toEqual({ [paid.id]: true, [unpaid.id]: false, [plain.id]: false });

    const log = { error: () => {}, warn: () => {} };
    expect((await t.services.orders.completeOrder(unpaid.id, { method: 'card', paymentIntentId: 'pi_test_old' }, log)).outcome).toBe('completed');
    expect(await orderRow(t.database.db, unpaid.id)).toMatchObject({ couponReserved: true, failureReason: null });
    expect((await t.database.db.select().from(coupons).where(eq(coupons.code, 'OLD')))[0]!.usageCount).toBe(2);
  });
});
