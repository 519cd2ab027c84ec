import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditLog, mailOutbox, shipments } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

describe('shipping a streaming box', () => {
  const t = useTestApp();
  const ship = (orderId: string, payload: unknown, cookies: { asid: string }) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/shipments/${encodeURIComponent(orderId)}`, payload: payload as object, cookies });
  const subscriptionsOf = async (cookies: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies })).json();
  const shippedMails = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("shows the customer the tracking number, emails it once, and lets a delivered box be activated", async () => {
    const admin = await signInAdmin(t);
    const { cookies, customer } = await registerCustomer(t.app);
    const order = await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email });
    await t.services.jobs.drain();

    const shipped = await ship(order.id, { status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784', estimatedDelivery: '2030-01-05T12:00:00Z' }, admin);
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toEqual({
      orderId: order.id,
      status: 'shipped',
      carrier: 'FedEx',
      trackingNumber: '1Z999AA10123456784',
      estimatedDelivery: '2030-01-05T12:00:00.000Z',
      actualDelivery: null,
    });
    const [box] = await subscriptionsOf(cookies);
    expect(box).toMatchObject({ status: 'pending_activation', canActivate: false, shipment: { status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784' } });

    // Saying 'shipped' again sends no second email.
    expect((await ship(order.id, { status: 'shipped' }, admin)).statusCode).toBe(200);
    await t.services.jobs.drain();
    const mails = (await shippedMails(customer.email)).filter((mail) => mail.subject === `Your streaming box has shipped - ${order.id}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Carrier: FedEx');
    expect(mails[0]!.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mails[0]!.text).toContain('Estimated delivery: January 5, 2030');
    // The link follows the number's shape (a UPS number), whatever carrier was typed.
    expect(mails[0]!.text).toContain('Track it with UPS: https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const delivered = await ship(order.id, { status: 'delivered' }, admin);
    expect(delivered.json().actualDelivery).toMatch(/^\d{4}-\d\d-\d\dT/);
    const [arrived] = await subscriptionsOf(cookies);
    expect(arrived).toMatchObject({ canActivate: true, shipment: { status: 'delivered' } });
    const activated = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${arrived.id}/activate`, cookies });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().status).toBe('active');

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shipment.update'));
    expect(audit).toHaveLength(2);
    expect(audit.find((row) => row.after.status === 'shipped')).toMatchObject({
      adminUsername: TEST_ADMIN.username,
      targetId: order.id,
      before: { status: 'processing', carrier: 'UPS', trackingNumber: null },
    });
  });

  it('refuses a box shipped without a tracking number, a bad status, an empty change, a delivery in year 0000, and an order without a box', async () => {
    const admin = await signInAdmin(t);
    const box = await paidOrder(t, { packageId: 'streaming-box' });
    const month = await paidOrder(t, { packageId: (await t.app.inject({ method: 'GET', url: '/api/packages' })).json().find((p: { duration: string }) => p.duration === '1 Month').id });
    await t.services.jobs.drain();

    const noTracking = await ship(box.id, { status: 'shipped' }, admin);
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json()).toEqual({ message: 'A shipped box needs its tracking number' });
    for (const payload of [{ status: 'lost' }, {}, { carrier: '' }, { trackingNumber: 'x\u0000' }, { estimatedDelivery: 'soon' }, { status: 'shipped', note: 'x' }]) {
      const response = await ship(box.id, payload, admin);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    const yearZero = await ship(box.id, { estimatedDelivery: '0000-01-01T00:00:00Z' }, admin);
    expect(yearZero.statusCode).toBe(400);
    expect(yearZero.json()).toEqual({ message: 'estimatedDelivery must be in the years 2000 to 2100' });
    const noBox = await ship(month.id, { status: 'shipped', trackingNumber: 'T1' }, admin);
    expect(noBox.statusCode).toBe(404);
    expect(noBox.json()).toEqual({ message: 'This order has no streaming box to ship' });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shipment.update'))).toHaveLength(0);
  });

  it("moves the box's shipment with its order to the customer the admin gives the order to", async () => {
    const admin = await signInAdmin(t);
    const order = await paidOrder(t, { packageId: 'streaming-box', email: 'box.buyer@example.com' });
    await t.services.jobs.drain();
    const [before] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(before).toMatchObject({ customerId: order.customerId, status: 'processing' });

    const payload = { firstName: 'Mary', lastName: 'Jackson', email: 'mary.jackson@example.com', phone: '', orderId: order.id, confirmMove: true };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/create-customer', cookies: admin, payload });
    expect(created.statusCode).toBe(201);
    const [after] = await t.database.db.select().from(shipments).where(eq(shipments.orderId, order.id));
    expect(after!.customerId).toBe(created.json().customer.id);
    expect(after!.customerId).not.toBe(order.customerId);
  });
});

describe('the shipped email in a store far from UTC (STORE_TIME_ZONE)', () => {
  const t = useTestApp({ STORE_TIME_ZONE: 'Pacific/Auckland' });
  afterEach(() => vi.useRealTimers());

  it("writes the day it shipped in words on the store's clock, and no link for a number of no known shape", async () => {
    const admin = await signInAdmin(t);
    const order = await paidOrder(t, { packageId: 'streaming-box', email: 'box.buyer@example.com' });
    await t.services.jobs.drain();
    // 14:55 UTC on 25 November is 03:55 on 26 November in Auckland.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T14:55:00Z') });
    const shipped = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/shipments/${encodeURIComponent(order.id)}`,
      payload: { status: 'shipped', carrier: 'Local courier', trackingNumber: 'LC-42' },
      cookies: admin,
    });
    expect(shipped.statusCode).toBe(200);
    const shippedMail = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'box.buyer@example.com'))).find((row) => row.subject.startsWith('Your streaming box has shipped'));
    expect(shippedMail!.text).toContain('Shipped on November 26, 2026');
    expect(shippedMail!.text).toContain('Tracking number: LC-42');
    expect(shippedMail!.text).not.toContain('Track it');
  });
});
