import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, orders, purchaseNotifications } from '../../src/server/schema';
import { auditOf, orderAction, orderRow, serviceOf } from '../support/admin-order-actions';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

describe('orders that need review: honour or refund, and provisioning retried by an admin', () => {
  const standIn = usePanelStandIn();
  const t = useTestApp(standIn.env);
  const couponUses = async (code: string) => (await t.database.db.select().from(coupons).where(eq(coupons.code, code)))[0]!.usageCount;

  /** A crypto order whose payment arrived short. */
  async function partiallyPaidCryptoOrder(overrides: Record<string, unknown> = {}) {
    const { oneMonth } = await seededPackages(t.app);
    const { orderId, paymentId } = (await postCryptoPayment(t.app, cryptoForm(oneMonth.id, overrides))).json();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'partially_paid' } });
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'needs_review', failureReason: expect.stringContaining('partially paid') });
    return orderId as string;
  }

  it('honours a short crypto payment with a reserved coupon: completed, provisioned, its reserved use kept, once', async () => {
    const admin = await signInAdmin(t);
    const orderId = await partiallyPaidCryptoOrder({ couponCode: 'WELCOME10' });
    expect(await couponUses('WELCOME10')).toBe(1);

    const honoured = await orderAction(t, 'honour', orderId, admin);
    expect(honoured.statusCode).toBe(200);
    expect(honoured.json()).toEqual({ orderId, paymentStatus: 'completed', message: `Order ${orderId} completed as it stands; its service is being set up` });
    await t.services.jobs.drain();

    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed', couponReserved: true, paidAt: expect.any(Date) });
    const service = (await serviceOf(t, orderId))!;
    expect(service.subscription.status).toBe('active');
    expect(service.credentials).toHaveLength(1);
    expect(standIn.panel.lines.get(service.credentials[0]!.panelLineId!)).toMatchObject({ enabled: true });
    expect(await couponUses('WELCOME10')).toBe(1);
    expect(await t.database.db.select().from(purchaseNotifications).where(eq(purchaseNotifications.orderId, orderId))).toHaveLength(1);
    const audit = await auditOf(t, orderId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUsername: TEST_ADMIN.username, action: 'order.honour', before: { paymentStatus: 'needs_review' }, after: { paymentStatus: 'completed' } });

    const again = await orderAction(t, 'honour', orderId, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Only an order that needs review can be honoured' });
    expect(await couponUses('WELCOME10')).toBe(1);
    expect(await auditOf(t, orderId)).toHaveLength(1);
  });

  it('honours an order that held no use of its coupon (placed before reservations) by counting one, past the limit if need be', async () => {
    const admin = await signInAdmin(t);
    await t.database.db.insert(coupons).values({ code: 'LASTONE', description: 'One use', type: 'fixed', value: '5.00', usageLimit: 1, usageCount: 1 });
    const orderId = await partiallyPaidCryptoOrder();
    await t.database.db.update(orders).set({ couponCode: 'LASTONE', couponDiscount: '5.00', totalAmount: '10.99', couponReserved: false }).where(eq(orders.id, orderId));

    expect((await orderAction(t, 'honour', orderId, admin)).statusCode).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'completed', couponReserved: true, totalAmount: '10.99' });
    expect(await couponUses('LASTONE')).toBe(2);

    // Provisioning clears only its own failures: the admin still reads why the coupon went past its limit.
    await t.services.jobs.drain();
    expect(await orderRow(t, orderId)).toMatchObject({
      fulfilledAt: expect.any(Date),
      failureReason: 'Paid after coupon LASTONE reached its usage limit: the discount was honoured past the limit',
    });
  });

  it('honours a partially paid crypto order: completed and provisioned', async () => {
    const admin = await signInAdmin(t);
    const orderId = await partiallyPaidCryptoOrder();
    expect((await orderAction(t, 'honour', orderId, admin)).json()).toMatchObject({ orderId, paymentStatus: 'completed' });
    await t.services.jobs.drain();
    expect((await serviceOf(t, orderId))!.subscription.status).toBe('active');
  });

  it('refunds a partially paid crypto order instead, giving back the coupon use it reserved', async () => {
    const admin = await signInAdmin(t);
    const orderId = await partiallyPaidCryptoOrder({ couponCode: 'WELCOME10' });
    const answer = await orderAction(t, 'refund', orderId, admin, { note: 'Returned the partial payment by hand' });
    expect(answer.json()).toEqual({ orderId, paymentStatus: 'refunded', message: `Order ${orderId} refunded` });
    expect(await couponUses('WELCOME10')).toBe(0);
    expect((await auditOf(t, orderId))[0]!.after).toMatchObject({ couponReleased: true, note: 'Returned the partial payment by hand' });
    const honour = await orderAction(t, 'honour', orderId, admin);
    expect(honour.statusCode).toBe(409);
    await t.services.jobs.drain();
    expect(await serviceOf(t, orderId)).toBeNull();
  });

  it('refuses to honour an unknown order, a pending one and a paid one', async () => {
    const admin = await signInAdmin(t);
    const unknown = await orderAction(t, 'honour', 'SP-1-000000', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    const { oneMonth } = await seededPackages(t.app);
    for (const order of [await pendingOrder(t, { packageId: oneMonth.id }), await paidOrder(t, { packageId: oneMonth.id })]) {
      const refused = await orderAction(t, 'honour', order.id, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: 'Only an order that needs review can be honoured' });
    }
  });

  it('leaves the reason of a provisioning that ran out of attempts, and provisions again on retry, once', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id });
    standIn.panel.goDown('error');
    try {
      await t.services.jobs.drain({ includeDelayed: true });
    } finally {
      standIn.panel.recover();
    }
    expect(await serviceOf(t, order.id)).toBeNull();
    expect((await orderRow(t, order.id)).failureReason).toMatch(/^Provisioning failed after 16 attempts: /);

    const retried = await orderAction(t, 'retry-provisioning', order.id, admin);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ orderId: order.id, paymentStatus: 'completed', message: `Provisioning of order ${order.id} queued again` });
    await t.services.jobs.drain();
    expect((await serviceOf(t, order.id))!.credentials).toHaveLength(1);
    expect(await orderRow(t, order.id)).toMatchObject({ failureReason: null, fulfilledAt: expect.any(Date) });
    expect(standIn.panel.lines.size).toBe(1);

    const again = await orderAction(t, 'retry-provisioning', order.id, admin);
    expect(again.json()).toEqual({ orderId: order.id, paymentStatus: 'completed', message: `Order ${order.id} already has its service` });
    await t.services.jobs.drain();
    expect(standIn.panel.lines.size).toBe(1);
    const audit = await auditOf(t, order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUsername: TEST_ADMIN.username, action: 'order.retry_provisioning', after: { provisioningQueued: true } });
  });

  it('refuses to provision an unknown order or an unpaid one', async () => {
    const admin = await signInAdmin(t);
    expect((await orderAction(t, 'retry-provisioning', 'SP-1-000000', admin)).statusCode).toBe(404);
    const { oneMonth } = await seededPackages(t.app);
    const pending = await pendingOrder(t, { packageId: oneMonth.id });
    const refused = await orderAction(t, 'retry-provisioning', pending.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Only a paid order can be provisioned' });
  });

  it('needs an admin for honour and retry-provisioning', async () => {
    const orderId = await partiallyPaidCryptoOrder();
    for (const verb of ['honour', 'retry-provisioning'] as const) {
      const response = await orderAction(t, verb, orderId);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Admin authentication required' });
    }
    expect(await orderRow(t, orderId)).toMatchObject({ paymentStatus: 'needs_review' });
  });
});
