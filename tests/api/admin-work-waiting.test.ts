import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import { orders, shipments } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

describe('the work waiting in GET /api/admin/stats', () => {
  const t = useTestApp();
  type Cookies = { asid: string };
  const waiting = async (admin: Cookies) => (await t.app.inject({ method: 'GET', url: '/api/admin/stats', cookies: admin })).json<AdminStats>().waiting;
  const listTotal = async (url: string, admin: Cookies) => Number((await t.app.inject({ method: 'GET', url, cookies: admin })).headers['x-total-count']);
  const set = (orderId: string, fields: Partial<typeof orders.$inferInsert>) => t.database.db.update(orders).set(fields).where(eq(orders.id, orderId));

  it('counts the orders to review, the gift cards owed and the boxes to ship, the first two equal to their lists', async () => {
    const admin = await signInAdmin(t);
    expect(await waiting(admin)).toEqual({ needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 });
    const { oneMonth, box } = await seededPackages(t.app);

    // Owed a gift card: two; one more was delivered.
    await paidOrder(t, { packageId: oneMonth.id });
    await paidOrder(t, { packageId: oneMonth.id });
    const delivered = await paidOrder(t, { packageId: oneMonth.id });
    // Boxes (no gift card chosen, so they count only as boxes): one waiting, one shipped, one refunded.
    const waitingBox = await paidOrder(t, { packageId: box.id, giftCard: null });
    const shippedBox = await paidOrder(t, { packageId: box.id, giftCard: null });
    const refundedBox = await paidOrder(t, { packageId: box.id, giftCard: null });
    const unprovisioned = await paidOrder(t, { packageId: oneMonth.id, giftCard: null });
    await t.services.jobs.drain();

    await set(delivered.id, { giftCardDelivered: true });
    await t.database.db.update(shipments).set({ status: 'shipped', trackingNumber: '1Z999AA10123456784' }).where(eq(shipments.orderId, shippedBox.id));
    await set(refundedBox.id, { paymentStatus: 'refunded' });
    // Paid, but provisioning ran out of attempts and said why: a person must retry or refund it.
    await set(unprovisioned.id, { fulfilledAt: null, failureReason: 'Provisioning failed: the panel did not answer' });
    // Paid a moment ago: its shipment is written when provisioning runs, yet the box waits all the same.
    const justPaidBox = await paidOrder(t, { packageId: box.id, giftCard: null });
    // Held for review, and an unpaid order, which waits for nobody.
    const held = await pendingOrder(t, { packageId: oneMonth.id, paymentMethod: 'crypto', giftCard: null });
    await set(held.id, { paymentStatus: 'needs_review', failureReason: 'The crypto payment was partially paid' });
    await pendingOrder(t, { packageId: box.id });

    expect(await t.database.db.select().from(shipments).where(eq(shipments.orderId, justPaidBox.id))).toHaveLength(0);
    expect(await t.database.db.select({ status: shipments.status }).from(shipments).where(eq(shipments.orderId, waitingBox.id))).toEqual([{ status: 'processing' }]);
    expect(await waiting(admin)).toEqual({ needsReview: 2, giftCardsOwed: 2, boxesToShip: 2, openTickets: 0 });
    expect(await listTotal('/api/admin/orders?needsReview=true', admin)).toBe(2);
    expect(await listTotal('/api/admin/gift-cards/pending', admin)).toBe(2);

    // The box leaves, and the box just paid and the held order are refunded: the counts go down with them.
    await t.database.db.update(shipments).set({ status: 'shipped', trackingNumber: '1Z999AA10123456785' }).where(eq(shipments.orderId, waitingBox.id));
    await set(justPaidBox.id, { paymentStatus: 'refunded' });
    await set(held.id, { paymentStatus: 'refunded' });
    expect(await waiting(admin)).toEqual({ needsReview: 1, giftCardsOwed: 2, boxesToShip: 0, openTickets: 0 });
  });
});
