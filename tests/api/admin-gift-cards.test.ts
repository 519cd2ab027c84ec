import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardOwed } from '../../src/domain/gift-card';
import { parseMoney } from '../../src/domain/money';
import { auditLog, orders } from '../../src/server/schema';
import { orderAction } from '../support/admin-order-actions';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

describe('cashback gift cards: the queue of owed cards and marking one delivered', () => {
  const t = useTestApp();
  const mark = (orderId: string, payload: unknown, cookies?: { asid: string }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${encodeURIComponent(orderId)}/gift-card`, payload: payload as object, ...(cookies ? { cookies } : {}) });
  const queue = (cookies: { asid: string }) => t.app.inject({ method: 'GET', url: '/api/admin/gift-cards/pending', cookies });
  const auditRows = (orderId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId));

  it("lists paid orders still owed a card, oldest first, and a delivered card shows on the customer's orders", async () => {
    const admin = await signInAdmin(t);
    const { customer, cookies } = await registerCustomer(t.app);
    const first = await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email, giftCard: 'Starbucks', cashbackAmount: '12.50' });
    const second = await paidOrder(t, { packageId: 'streaming-box' });
    await pendingOrder(t, { packageId: 'streaming-box' });
    await paidOrder(t, { packageId: 'streaming-box', giftCard: null, cashbackAmount: '0.00' });

    const before = await queue(admin);
    expect(before.statusCode).toBe(200);
    expect(before.headers['x-total-count']).toBe('2');
    expect(before.json().map((row: { orderId: string }) => row.orderId)).toEqual([first.id, second.id]);
    expect(before.json()[0]).toMatchObject({ customerEmail: customer.email, giftCard: 'Starbucks', cashbackAmount: '12.50' });

    const marked = await mark(first.id, { delivered: true }, admin);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ orderId: first.id, giftCardDelivered: true, message: `Gift card of order ${first.id} marked delivered` });
    expect((await queue(admin)).json().map((row: { orderId: string }) => row.orderId)).toEqual([second.id]);

    const mine = await t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies });
    expect(mine.json().find((order: { id: string }) => order.id === first.id)).toMatchObject({ giftCardReceived: true, selectedGiftCard: 'Starbucks' });

    const [row] = await auditRows(first.id);
    expect(row).toMatchObject({
      adminUsername: TEST_ADMIN.username,
      action: 'order.gift_card',
      targetType: 'order',
      before: { giftCardDelivered: false },
      after: { giftCardDelivered: true },
    });
  });

  it('queues exactly the orders the domain rule calls owed, and none that failed, were refunded or wait for payment', async () => {
    const admin = await signInAdmin(t);
    const owed = await paidOrder(t, { packageId: 'streaming-box' });
    const delivered = await paidOrder(t, { packageId: 'streaming-box' });
    await mark(delivered.id, { delivered: true }, admin);
    const pending = await pendingOrder(t, { packageId: 'streaming-box' });
    const failed = await pendingOrder(t, { packageId: 'streaming-box' });
    await t.services.orders.markOrderPaymentFailed(failed.id, 'Your card was declined.');
    const held = await pendingOrder(t, { packageId: 'streaming-box', paymentMethod: 'crypto' });
    await t.services.orders.markOrderNeedsReview(held.id, 'Crypto payment arrived short: 12.00 of 27.97');
    const refunded = await paidOrder(t, { packageId: 'streaming-box', paymentMethod: 'crypto' });
    expect((await orderAction(t, 'refund', refunded.id, admin, { note: 'Sent 27.97 USDC back' })).statusCode).toBe(200);
    // Placed before checkout stopped giving free orders cashback (decision 0020).
    const freeWithCashback = await paidOrder(t, { packageId: 'streaming-box', paymentMethod: 'free', cashbackAmount: '10.00' });
    const noCashback = await paidOrder(t, { packageId: 'streaming-box', cashbackAmount: '0.00' });
    const all = [owed, delivered, pending, failed, held, refunded, freeWithCashback, noCashback];

    const details = await Promise.all(
      all.map(async ({ id }) => (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${encodeURIComponent(id)}`, cookies: admin })).json()),
    );
    const owedByRule = details
      .filter(({ order, payment }) =>
        giftCardOwed({
          paymentStatus: order.paymentStatus,
          giftCard: order.giftCard,
          cashback: parseMoney(payment.cashbackAmount),
          total: parseMoney(payment.totalAmount),
          delivered: order.giftCardDelivered,
        }),
      )
      .map(({ order }) => order.id);
    expect(details.map(({ order }) => order.paymentStatus)).toEqual(['completed', 'completed', 'pending', 'failed', 'needs_review', 'refunded', 'completed', 'completed']);
    expect(owedByRule).toEqual([owed.id]);
    expect((await queue(admin)).json().map((row: { orderId: string }) => row.orderId)).toEqual(owedByRule);
  });

  it('is idempotent, and can be taken back', async () => {
    const admin = await signInAdmin(t);
    const order = await paidOrder(t, { packageId: 'streaming-box' });
    expect((await mark(order.id, { delivered: true }, admin)).statusCode).toBe(200);
    expect((await mark(order.id, { delivered: true }, admin)).statusCode).toBe(200);
    expect(await auditRows(order.id)).toHaveLength(1);

    const undone = await mark(order.id, { delivered: false }, admin);
    expect(undone.json()).toEqual({ orderId: order.id, giftCardDelivered: false, message: `Gift card delivery of order ${order.id} undone: it is owed again` });
    expect((await queue(admin)).json().map((row: { orderId: string }) => row.orderId)).toEqual([order.id]);
    expect(await auditRows(order.id)).toHaveLength(2);
  });

  it('refuses an unknown order, an unpaid one, one that earns no card, and a bad body', async () => {
    const admin = await signInAdmin(t);
    expect((await mark('SP-1-000000', { delivered: true }, admin)).json()).toEqual({ message: 'Order not found' });
    expect((await mark('SP-1-000000', { delivered: true }, admin)).statusCode).toBe(404);

    const unpaid = await pendingOrder(t, { packageId: 'streaming-box' });
    const refusedUnpaid = await mark(unpaid.id, { delivered: true }, admin);
    expect(refusedUnpaid.statusCode).toBe(409);
    expect(refusedUnpaid.json()).toEqual({ message: "Only a paid order's gift card can be marked delivered" });

    const free = await paidOrder(t, { packageId: 'streaming-box', paymentMethod: 'free' });
    const refusedFree = await mark(free.id, { delivered: true }, admin);
    expect(refusedFree.statusCode).toBe(409);
    expect(refusedFree.json()).toEqual({ message: 'This order earns no gift card' });

    const paid = await paidOrder(t, { packageId: 'streaming-box' });
    for (const body of [{}, { delivered: 'yes' }, { delivered: true, extra: 'x' }, []]) {
      const response = await mark(paid.id, body, admin);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    for (const [body, message] of [
      [{ delivered: true, code: 'AB\u0007CD' }, 'Code must not contain control characters'],
      [{ delivered: true, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
      [{ delivered: true, code: 'C'.repeat(101) }, 'Code must be at most 100 characters'],
      [{ delivered: false, code: 'GIFT-1234' }, 'A code or note goes only with delivered: true'],
    ] as const) {
      const response = await mark(paid.id, body, admin);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await auditRows(paid.id)).toHaveLength(0);
  });

  it('needs an admin', async () => {
    const order = await paidOrder(t, { packageId: 'streaming-box' });
    const response = await mark(order.id, { delivered: true });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Admin authentication required' });
  });
});

describe('a gift card delivered with its code and note, and undone within the store day', () => {
  const t = useTestApp({ STORE_TIME_ZONE: 'Pacific/Auckland' });
  const mark = (orderId: string, payload: object, cookies: { asid: string }) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${encodeURIComponent(orderId)}/gift-card`, payload, cookies });
  const auditRows = (orderId: string) => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, orderId)).orderBy(auditLog.createdAt);

  it("shows the code to its buyer only, keeps the note for the admins, and audits whether a code was given, not the code", async () => {
    const admin = await signInAdmin(t);
    const { customer, cookies } = await registerCustomer(t.app);
    const order = await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email, giftCard: 'Amazon', cashbackAmount: '10.00' });
    const marked = await mark(order.id, { delivered: true, code: '  AMZN-4242-XYZ ', note: 'Sent from the Amazon business account' }, admin);
    expect(marked.statusCode).toBe(200);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies })).json();
    expect(mine.find((row: { id: string }) => row.id === order.id)).toMatchObject({ giftCardReceived: true, giftCardCode: 'AMZN-4242-XYZ' });
    const other = await registerCustomer(t.app, { email: 'someone.else@example.com' });
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies: other.cookies })).json();
    expect(JSON.stringify(theirs)).not.toContain('AMZN-4242-XYZ');

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ giftCardCode: 'AMZN-4242-XYZ', giftCardNote: 'Sent from the Amazon business account' });
    const [audit] = await auditRows(order.id);
    expect(audit!.after).toEqual({ giftCardDelivered: true, codeGiven: true, note: 'Sent from the Amazon business account' });
    expect(JSON.stringify(audit)).not.toContain('AMZN-4242-XYZ');
  });

  it("undoes a delivery on the store's day it was marked, audited, and refuses it on a later day with a 409", async () => {
    const admin = await signInAdmin(t);
    const order = await paidOrder(t, { packageId: 'streaming-box', giftCard: 'Amazon', cashbackAmount: '10.00' });
    expect((await mark(order.id, { delivered: true, code: 'AMZN-1' }, admin)).statusCode).toBe(200);
    const undone = await mark(order.id, { delivered: false }, admin);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ orderId: order.id, giftCardDelivered: false, message: `Gift card delivery of order ${order.id} undone: it is owed again` });
    const [owedAgain] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(owedAgain).toMatchObject({ giftCardDelivered: false, giftCardDeliveredAt: null, giftCardCode: null, giftCardNote: null });
    expect((await auditRows(order.id)).map((row) => row.after)).toEqual([{ giftCardDelivered: true, codeGiven: true }, { giftCardDelivered: false }]);

    expect((await mark(order.id, { delivered: true }, admin)).statusCode).toBe(200);
    // Marked at 23:59 on 25 November in Auckland (10:59 UTC): every later moment is a later store day.
    await t.database.db.update(orders).set({ giftCardDeliveredAt: new Date('2026-11-25T10:59:00Z') }).where(eq(orders.id, order.id));
    const tooLate = await mark(order.id, { delivered: false }, admin);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toEqual({
      message: 'This gift card was marked delivered on Nov 25, 2026 (Pacific/Auckland); a delivery can be undone only on the day it was marked.',
    });
    const [stillDelivered] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stillDelivered!.giftCardDelivered).toBe(true);
    expect(await auditRows(order.id)).toHaveLength(3);
  });
});
