import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminOrderSummaryListSchema } from '../../src/contract/admin-orders';
import { orders, packages } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { registerCustomer } from '../support/customers';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

describe("the admin's orders: the list and one order's detail", () => {
  const t = useTestApp();
  const get = (url: string, cookies?: { asid: string }, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers, ...(cookies ? { cookies } : {}) });
  const idsOf = (response: { json(): unknown }) => (response.json() as { id: string }[]).map((order) => order.id);
  const oneMonthId = async () => (await t.database.db.select({ id: packages.id }).from(packages).where(eq(packages.name, '1 Month Premium')))[0]!.id;
  /** Moves an order's placing time, so that the order of the list is known. */
  const placedAt = (orderId: string, at: string) => t.database.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, orderId));

  /** Four orders placed on four days, oldest first: a paid box, a pending month, one held for review, a paid month. */
  async function fourOrders() {
    const month = await oneMonthId();
    const box = await paidOrder(t, { packageId: 'streaming-box', email: 'box.buyer@example.com' });
    const pending = await pendingOrder(t, { packageId: month, email: 'pending@example.org' });
    const held = await pendingOrder(t, { packageId: month, email: 'held@example.org', paymentMethod: 'crypto' });
    await t.services.orders.markOrderNeedsReview(held.id, 'Crypto payment arrived short: 12.00 of 27.97');
    const paid = await paidOrder(t, { packageId: month, email: 'month.buyer@example.com' });
    await t.database.db.update(orders).set({ customerName: 'Ada Lovelace' }).where(eq(orders.id, paid.id));
    await placedAt(box.id, '2030-03-01T10:00:00Z');
    await placedAt(pending.id, '2030-03-02T10:00:00Z');
    await placedAt(held.id, '2030-03-03T23:59:59Z');
    await placedAt(paid.id, '2030-03-04T00:00:00Z');
    return { month, box, pending, held, paid };
  }

  it('lists orders newest first, a page at a time, with the total in x-total-count and an ETag', async () => {
    const admin = await signInAdmin(t);
    const { box, pending, held, paid } = await fourOrders();

    const all = await get('/api/admin/orders', admin);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.headers['cache-control']).toBe('no-store');
    expect(idsOf(all)).toEqual([paid.id, held.id, pending.id, box.id]);
    expect(all.json()[0]).toEqual({
      id: paid.id,
      createdAt: '2030-03-04T00:00:00.000Z',
      paidAt: expect.any(String),
      customerName: 'Ada Lovelace',
      customerEmail: 'month.buyer@example.com',
      packageId: paid.packageId,
      packageName: '1 Month Premium',
      deviceCount: 1,
      paymentMethod: 'card',
      paymentStatus: 'completed',
      reason: null,
      totalAmount: '27.97',
      currency: 'USD',
      refundedAmount: '0.00',
      receivedAmount: null,
      couponCode: null,
      giftCard: 'Amazon',
      cashbackAmount: '10.00',
      giftCardDelivered: false,
      giftCardDeliveredAt: null,
      requiresShipping: false,
      shipmentStatus: null,
      trackingNumber: null,
      renewal: false,
    });
    expect(all.json()[1]).toMatchObject({ paymentStatus: 'needs_review', reason: 'Crypto payment arrived short: 12.00 of 27.97', paidAt: null });
    // Written without zod's re-check (decision 0056): the schema takes every order whole and
    // writes the same text (no key dropped, none out of order).
    expect(JSON.stringify(adminOrderSummaryListSchema.parse(all.json()))).toBe(all.body);

    const first = await get('/api/admin/orders?limit=2', admin);
    expect(idsOf(first)).toEqual([paid.id, held.id]);
    expect(first.headers['x-total-count']).toBe('4');
    const second = await get('/api/admin/orders?limit=2&offset=2', admin);
    expect(idsOf(second)).toEqual([pending.id, box.id]);
    expect(second.headers['x-total-count']).toBe('4');

    const unchanged = await get('/api/admin/orders', admin, { 'if-none-match': String(all.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A name with quotes, a backslash, accents, an emoji and a line separator: the same text
    // as the schema's, on the first page and on a filtered one.
    const tricky = 'Zoë "Z" O\'Brien \\ 😀 \u2028 end';
    await t.database.db.update(orders).set({ customerName: tricky }).where(eq(orders.id, held.id));
    for (const url of ['/api/admin/orders', '/api/admin/orders?paymentStatus=needs_review']) {
      const listed = await get(url, admin);
      expect(listed.json().find((order: { id: string }) => order.id === held.id).customerName).toBe(tricky);
      expect(listed.body).toBe(JSON.stringify(adminOrderSummaryListSchema.parse(listed.json())));
    }
  });

  it('filters by payment status, review, package, placing day and search, alone and together', async () => {
    const admin = await signInAdmin(t);
    const { month, box, pending, held, paid } = await fourOrders();
    const list = async (query: string) => {
      const response = await get(`/api/admin/orders?${query}`, admin);
      expect(response.statusCode, query).toBe(200);
      expect(response.headers['x-total-count'], query).toBe(String(response.json().length));
      return idsOf(response);
    };

    expect(await list('paymentStatus=completed')).toEqual([paid.id, box.id]);
    expect(await list('paymentStatus=pending')).toEqual([pending.id]);
    expect(await list('paymentStatus=refunded')).toEqual([]);
    expect(await list('needsReview=true')).toEqual([held.id]);
    expect(await list('needsReview=false')).toEqual([paid.id, pending.id, box.id]);
    expect(await list(`packageId=${month}`)).toEqual([paid.id, held.id, pending.id]);
    expect(await list('packageId=streaming-box')).toEqual([box.id]);
    // Whole days of the store's time zone (UTC here; Pacific/Auckland in admin-time-zone.test.ts), both ends included.
    expect(await list('from=2030-03-02')).toEqual([paid.id, held.id, pending.id]);
    expect(await list('to=2030-03-03')).toEqual([held.id, pending.id, box.id]);
    expect(await list('from=2030-03-03&to=2030-03-03')).toEqual([held.id]);
    expect(await list('from=2030-03-05')).toEqual([]);
    // Part of an email, a name, an order id; any case; LIKE's own characters taken literally.
    expect(await list('q=MONTH.BUYER@')).toEqual([paid.id]);
    expect(await list('q=example.org')).toEqual([held.id, pending.id]);
    expect(await list('q=lovelace')).toEqual([paid.id]);
    expect(await list(`q=${encodeURIComponent(box.id.slice(-9))}`)).toEqual([box.id]);
    expect(await list('q=%25')).toEqual([]);
    expect(await list('q=  ')).toHaveLength(4);
    // Together.
    expect(await list(`packageId=${month}&paymentStatus=completed&from=2030-03-01&to=2030-03-04&q=buyer`)).toEqual([paid.id]);
    expect(await list(`packageId=${month}&needsReview=false&q=example.org`)).toEqual([pending.id]);
    expect(await list('paymentStatus=completed&needsReview=true')).toEqual([]);
    const paged = await get('/api/admin/orders?paymentStatus=completed&limit=1&offset=1', admin);
    expect(idsOf(paged)).toEqual([box.id]);
    expect(paged.headers['x-total-count']).toBe('2');

    // A paid order whose provisioning gave up waits for a person too, with its reason.
    await t.database.db.update(orders).set({ failureReason: 'Provisioning failed after 5 attempts: panel unreachable' }).where(eq(orders.id, box.id));
    expect(await list('needsReview=true')).toEqual([held.id, box.id]);
    expect(await list('needsReview=false')).toEqual([paid.id, pending.id]);
  });

  it('refuses bad filter values with a message', async () => {
    const admin = await signInAdmin(t);
    const refusals: [string, string][] = [
      ['paymentStatus=paid', 'paymentStatus must be one of pending, completed, failed, needs_review, refunded, disputed, disputed_lost'],
      ['needsReview=yes', "needsReview must be 'true' or 'false'"],
      ['from=2030-02-30', 'from must be a date such as 2026-12-31'],
      ['to=yesterday', 'to must be a date such as 2026-12-31'],
      ['from=0000-01-01', 'from must be in the years 2000 to 2100'],
      ['to=2101-01-01', 'to must be in the years 2000 to 2100'],
      ['from=2030-03-05&to=2030-03-04', 'from must be on or before to'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=501', 'limit must be at most 500'],
      ['offset=-1', 'offset must be at least 0'],
      [`packageId=${'x'.repeat(65)}`, 'Package id must be at most 64 characters'],
      ['q=a%00b', 'Search must not contain control characters'],
    ];
    for (const [query, message] of refusals) {
      const response = await get(`/api/admin/orders?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ message });
    }
  });

  it("shows one order's customer, payment, subscription with credentials, shipment, emails and audit trail", async () => {
    const admin = await signInAdmin(t);
    const { customer } = await registerCustomer(t.app);
    const order = await paidOrder(t, { packageId: 'streaming-box', customerId: customer.id, email: customer.email, devices: 2, giftCard: 'Starbucks', cashbackAmount: '25.00' });
    await t.services.jobs.drain();
    const marked = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/gift-card`, payload: { delivered: true }, cookies: admin });
    expect(marked.statusCode).toBe(200);

    const response = await get(`/api/admin/orders/${encodeURIComponent(order.id)}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const detail = response.json();
    expect(detail.order).toMatchObject({
      id: order.id,
      customerEmail: customer.email,
      packageName: 'Streaming Box',
      deviceCount: 2,
      paymentStatus: 'completed',
      reason: null,
      giftCard: 'Starbucks',
      giftCardDelivered: true,
      requiresShipping: true,
      shipmentStatus: 'processing',
      trackingNumber: null,
    });
    // The list writes the same order, its shipment and delivered gift card, as zod would have.
    const listed = await get('/api/admin/orders', admin);
    expect(listed.json()[0]).toEqual(detail.order);
    expect(JSON.stringify(adminOrderSummaryListSchema.parse(listed.json()))).toBe(listed.body);
    expect(detail.renewsSubscriptionId).toBeNull();
    expect(detail.customer).toEqual({ id: customer.id, email: customer.email, hasAccount: true });
    expect(detail.payment).toEqual({
      subtotalAmount: '27.97',
      couponDiscount: '0.00',
      totalAmount: '27.97',
      cashbackAmount: '25.00',
      providerReference: `pi_test_${order.id}`,
      refundedAmount: '0.00',
      receivedAmount: null,
      refundableAmount: '27.97',
    });
    expect(detail.refunds).toEqual([]);
    expect(detail.subscription).toMatchObject({ status: 'pending_activation', deviceCount: 2 });
    expect(detail.subscription.credentials.map((line: { deviceNumber: number }) => line.deviceNumber)).toEqual([1, 2]);
    expect(detail.subscription.credentials[0]).toEqual({
      id: expect.any(String),
      deviceNumber: 1,
      username: expect.any(String),
      password: expect.any(String),
      isActive: true,
      enabled: true,
      label: null,
      kind: 'line',
      mac: null,
    });
    expect(detail.subscription.devicesSuspended).toBe(false);
    expect(detail.shipment).toEqual({
      status: 'processing',
      carrier: 'UPS',
      trackingNumber: null,
      address: '1 Infinite Loop, Cupertino, CA 95014, US',
      estimatedDelivery: null,
      actualDelivery: null,
    });
    expect(detail.emails.orderConfirmationSentAt).toEqual(expect.any(String));
    expect(detail.emails.outbox).toEqual([{ subject: `Order Confirmation - ${order.id}`, createdAt: expect.any(String) }]);
    expect(detail.audit).toEqual([
      {
        adminUsername: TEST_ADMIN.username,
        action: 'order.gift_card',
        before: { giftCardDelivered: false },
        after: { giftCardDelivered: true },
        createdAt: expect.any(String),
      },
    ]);
  });

  it('says why an order needs review, and which subscription a renewal extended', async () => {
    const admin = await signInAdmin(t);
    const month = await oneMonthId();
    const { customer } = await registerCustomer(t.app);
    const first = await paidOrder(t, { packageId: month, customerId: customer.id, email: customer.email });
    await t.services.jobs.drain();
    const original = (await get(`/api/admin/orders/${first.id}`, admin)).json().subscription;
    const renewal = await paidOrder(t, { packageId: month, customerId: customer.id, email: customer.email, renewsSubscriptionId: original.id });
    await t.services.jobs.drain();

    const renewed = (await get(`/api/admin/orders/${renewal.id}`, admin)).json();
    expect(renewed.renewsSubscriptionId).toBe(original.id);
    expect(renewed.subscription.id).toBe(original.id);
    expect(Date.parse(renewed.subscription.expirationDate)).toBeGreaterThan(Date.parse(original.expirationDate));

    const held = await pendingOrder(t, { packageId: month, paymentMethod: 'crypto' });
    await t.services.orders.markOrderNeedsReview(held.id, 'Crypto payment arrived short: 12.00 of 27.97');
    const review = (await get(`/api/admin/orders/${held.id}`, admin)).json();
    expect(review.order).toMatchObject({ paymentStatus: 'needs_review', reason: 'Crypto payment arrived short: 12.00 of 27.97' });
    expect(review).toMatchObject({ renewsSubscriptionId: null, subscription: null, shipment: null, audit: [], emails: { orderConfirmationSentAt: null, outbox: [] } });
  });

  it('answers 404 for an unknown order', async () => {
    const admin = await signInAdmin(t);
    const response = await get('/api/admin/orders/SP-1-000000', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Order not found' });
  });

  it('needs an admin for the list and the detail', async () => {
    const order = await pendingOrder(t, { packageId: 'streaming-box' });
    for (const url of ['/api/admin/orders', `/api/admin/orders/${order.id}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({ message: 'Admin authentication required' });
    }
  });

  it('breaks a tie of placing times by order id, so paging never skips or repeats an order', async () => {
    const admin = await signInAdmin(t);
    const a = await pendingOrder(t, { packageId: 'streaming-box' });
    const b = await pendingOrder(t, { packageId: 'streaming-box' });
    await t.database.db.update(orders).set({ createdAt: sql`'2030-01-01T00:00:00Z'::timestamptz` });
    const expected = [a.id, b.id].sort().reverse();
    expect(idsOf(await get('/api/admin/orders?limit=1', admin))).toEqual([expected[0]]);
    expect(idsOf(await get('/api/admin/orders?limit=1&offset=1', admin))).toEqual([expected[1]]);
  });
});
