// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminOrderSummary } from '../../src/contract/admin-orders';
import { bodyOf, calls, EMPTY_ADMIN, json, orderSummary, renderAt, renderInBrowserHistory, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
// The tabs load lazily in the store; loaded once here, each test's first render finds them ready.
beforeAll(async () => {
  await Promise.all([import('../../src/client/features/admin/orders/OrdersTab'), import('../../src/client/features/admin/orders/NeedsReviewTab'), import('../../src/client/features/admin/orders/ShipmentsTab')]);
});



function detail(order: AdminOrderSummary, overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    order,
    renewsSubscriptionId: null,
    customer: { id: 'c1', email: order.customerEmail, hasAccount: true },
    payment: {
      subtotalAmount: '21.98',
      couponDiscount: '0.00',
      totalAmount: order.totalAmount,
      cashbackAmount: order.cashbackAmount,
      providerReference: 'pi_demo_1',
      refundedAmount: order.refundedAmount,
      receivedAmount: order.receivedAmount,
      refundableAmount: '21.98',
    },
    refunds: [],
    subscription: {
      id: 's1',
      status: 'active',
      startDate: '2026-11-20T10:02:00Z',
      expirationDate: '2026-12-20T10:02:00Z',
      deviceCount: 2,
      credentials: [{ id: 'd1', deviceNumber: 1, username: 'sp_mary1', password: 'pw-one', isActive: true, enabled: true, label: null, kind: 'line', mac: null }],
      devicesSuspended: false,
      graceEndsAt: null,
      graceSuspended: false,
    },
    shipment: null,
    emails: { orderConfirmationSentAt: '2026-11-20T10:01:30Z', outbox: [{ subject: 'Your StreamPlus order', createdAt: '2026-11-20T10:01:30Z' }] },
    audit: [{ adminUsername: 'store-owner', action: 'order.gift_card', before: { giftCardDelivered: false }, after: { giftCardDelivered: true }, createdAt: '2026-11-21T09:00:00Z' }],
    policiesAccepted: [],
    agreement: null,
    dispute: null,
    ...overrides,
  };
}

const PACKAGES = [
  { id: 'pkg-1m', name: '1 Month Premium', duration: '1 Month', price: '15.99', cashback: '10.00', channels: '18,000+', quality: '4K', devices: 4, vod: null, features: ['4K'], popular: false, requiresShipping: false, hidden: false },
  { id: 'streaming-box', name: 'Streaming Box', duration: '6 Months', price: '149.99', cashback: '30.00', channels: '18,000+', quality: '4K', devices: 1, vod: null, features: [], popular: false, requiresShipping: true, hidden: true },
];

/** A signed-in admin on /admin with these orders (and their details); /admin's own lists empty. */
function store(orders: AdminOrderSummary[], details: Record<string, AdminOrderDetail> = {}, extra: Record<string, Handler> = {}) {
  serve({
    ...EMPTY_ADMIN,
    'GET /api/admin/packages': () => json(200, PACKAGES),
    'GET /api/admin/orders': () => json(200, orders, { 'x-total-count': String(orders.length) }),
    ...Object.fromEntries(Object.entries(details).map(([id, body]) => [`GET /api/admin/orders/${id}`, () => json(200, body)])),
    ...extra,
  });
}

const action = (orderId: string, paymentStatus: string, message: string) => () => json(200, { orderId, paymentStatus, message });

async function openOrder(user: ReturnType<typeof renderAt>['user'], orderId: string) {
  await user.click(await screen.findByRole('button', { name: orderId }));
  return screen.findByTestId('order-detail');
}

describe('the Orders section (/admin?tab=orders)', () => {
  it('shows skeletons while the orders load, then a dense table of them, newest first as the server sends them', async () => {
    let answer!: (response: Response) => void;
    store([], {}, { 'GET /api/admin/orders': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt('/admin?tab=orders');
    expect(await screen.findByRole('link', { name: 'Orders', current: 'page' })).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/api/admin/orders')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    answer(json(200, [orderSummary(), orderSummary({ id: 'SP-1712345678900-001', paymentStatus: 'refunded', giftCard: null })], { 'x-total-count': '2' }));
    const rows = await screen.findAllByTestId('order-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['SP-1712345678901-123', 'SP-1712345678900-001']);
    for (const text of ['Mary Jackson', 'mary@example.com', '1 Month Premium', '$21.98', 'card', 'Chewy (owed)']) expect(rows[0]!.textContent).toContain(text);
    expect(within(rows[0]!).getByTestId('payment-status').textContent).toBe('completed');
    expect(within(rows[0]!).getByTestId('payment-status').className).toContain('text-success');
    expect(within(rows[1]!).getByTestId('payment-status').className).toContain('bg-muted');
    expect(screen.getByRole('region', { name: 'Orders table' }).className).toContain('overflow-x-auto');
    expect(screen.getByText('1-2 of 2')).toBeTruthy();
    const first = calls('GET', '/api/admin/orders')[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({ limit: '25', offset: '0' });
  });

  it("names every column, the first visibly, marks renewals, and reads a partly refunded order 'partly refunded' in the list and its detail", async () => {
    const partly = orderSummary({ id: 'SP-1712345678902-222', refundedAmount: '5.00', renewal: true });
    store([partly, orderSummary()], { [partly.id]: detail(partly) });
    const { user } = renderAt('/admin?tab=orders');
    const rows = await screen.findAllByTestId('order-row');
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Order', 'Placed', 'Customer', 'Package', 'Total', 'Status', 'Gift Card', 'Actions']);
    expect(headers[0]!.querySelector('.sr-only')).toBeNull();
    expect(headers.at(-1)!.querySelector('.sr-only')?.textContent).toBe('Actions');
    expect(within(rows[0]!).getByTestId('renewal-badge').textContent).toBe('Renewal');
    expect(within(rows[1]!).queryByTestId('renewal-badge')).toBeNull();
    expect(within(rows[0]!).getByTestId('payment-status').textContent).toBe('partly refunded');
    expect(within(rows[1]!).getByTestId('payment-status').textContent).toBe('completed');
    const opened = await openOrder(user, partly.id);
    expect(within(opened).getByTestId('payment-status').textContent).toBe('partly refunded');
  });

  it('says there are no orders, with what to do next, and that no order matches once filtered', async () => {
    store([]);
    const { user } = renderAt('/admin?tab=orders');
    expect(await screen.findByText('No Orders')).toBeTruthy();
    expect(screen.getByText('Orders appear here as soon as a buyer checks out.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Needs review only' }));
    expect(await screen.findByText('No order matches these filters: widen the dates or clear a filter.')).toBeTruthy();
  });

  it('sends each filter and the search to the server, starting again at the first page', async () => {
    store([orderSummary()]);
    const { user } = renderAt('/admin?tab=orders');
    await screen.findByTestId('order-row');
    await user.click(screen.getByRole('checkbox', { name: 'Needs review only' }));
    await user.type(screen.getByLabelText('Placed from'), '2026-11-01');
    await user.type(screen.getByLabelText('Placed to'), '2026-11-30');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'mary');
    await waitFor(() =>
      expect(Object.fromEntries(calls('GET', '/api/admin/orders').at(-1)!.url.searchParams)).toEqual({
        limit: '25',
        offset: '0',
        q: 'mary',
        needsReview: 'true',
        from: '2026-11-01',
        to: '2026-11-30',
      }),
    );
  });

  it("shows the server's words when it refuses a filter", async () => {
    store([], {}, { 'GET /api/admin/orders': () => json(400, { message: 'from must not be after to' }) });
    renderAt('/admin?tab=orders');
    expect((await screen.findByRole('alert')).textContent).toContain('from must not be after to');
  });

  it('opens an order in a dialog: customer, payment, subscription with its logins, emails and audit entries', async () => {
    const order = orderSummary({ couponCode: 'SPRING25' });
    store([order], {
      [order.id]: detail(order, { renewsSubscriptionId: 's1', payment: { subtotalAmount: '29.31', couponDiscount: '7.33', totalAmount: '21.98', cashbackAmount: '10.00', providerReference: 'pi_demo_1', refundedAmount: '0.00', receivedAmount: null, refundableAmount: '21.98' } }),
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    expect(within(dialog).getByRole('heading', { name: `Order ${order.id}` })).toBeTruthy();
    await within(dialog).findByRole('region', { name: 'Customer' });
    for (const [section, texts] of Object.entries({
      Customer: ['Mary Jackson', 'mary@example.com', 'Has an account'],
      Payment: ['$29.31', 'SPRING25 (−$7.33)', '$21.98', 'Chewy, $10.00 (owed)', 'pi_demo_1'],
      Subscription: ['A renewal: it extended subscription s1.', 'active', 'Dec 20, 2026', 'Device 1', 'sp_mary1', 'pw-one'],
      Emails: ['Order confirmation: sent', 'Your StreamPlus order'],
      Audit: [`Marked the gift card of ${order.id} delivered by store-owner`, 'giftCardDelivered: false → true'],
    })) {
      const region = within(dialog).getByRole('region', { name: section });
      for (const text of texts) expect(region.textContent, `${section}: ${text}`).toContain(text);
    }
    expect(within(dialog).queryByRole('region', { name: 'Shipment' })).toBeNull();
    // A paid order with logins: no retry, no honour; refund and the gift card are offered.
    expect(within(dialog).queryByRole('button', { name: /^Retry Provisioning/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Honour/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: /^Refund/ })).toBeTruthy();
  });

  it("shows what the buyer agreed to in the Agreement region: each policy's version with its text, the address, browser and time", async () => {
    const order = orderSummary();
    store([order], {
      [order.id]: detail(order, {
        policiesAccepted: [
          { name: 'terms', version: 3, markdown: '# Terms\n\nBe kind.', html: '<h1>Terms</h1>\n<p>Be kind.</p>\n' },
          { name: 'refund-policy', version: 1, markdown: '# Refund Policy', html: '<h1>Refund Policy</h1>\n' },
        ],
        agreement: { ipAddress: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', acceptedAt: '2026-11-20T10:00:00Z' },
      }),
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    const region = await within(dialog).findByRole('region', { name: 'Agreement' });
    expect(within(region).getAllByRole('listitem').map((item) => item.querySelector('summary')?.textContent)).toEqual(['Terms of Service, version 3', 'Refund Policy, version 1']);
    for (const text of ['198.51.100.23', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 'Be kind.']) expect(region.textContent).toContain(text);
    expect(within(region).getByText('Agreed').nextSibling?.textContent).toMatch(/2026/);
  });

  it('says when no agreement was recorded (an order the store placed itself)', async () => {
    const order = orderSummary();
    store([order], { [order.id]: detail(order) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    const region = await within(dialog).findByRole('region', { name: 'Agreement' });
    expect(region.textContent).toContain('No agreement recorded: the order was not placed by a buyer at the checkout.');
  });

  it("shows a box's subscription waiting for activation as 'Starts on activation', not its stored expiry", async () => {
    const order = orderSummary({ packageName: 'Streaming Box', requiresShipping: true });
    const waiting = detail(order, { subscription: { ...detail(order).subscription!, status: 'pending_activation', startDate: null } });
    store([order], { [order.id]: waiting });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    const region = await within(dialog).findByRole('region', { name: 'Subscription' });
    expect(within(region).getByText('Expires').nextSibling?.textContent).toBe('Starts on activation');
    expect(region.textContent).not.toContain('Dec 20, 2026');
  });

  it("shows a lapsed subscription's grace period, then its suspension, beside its expired badge", async () => {
    const order = orderSummary();
    const lapsed = { ...detail(order).subscription!, status: 'expired' };
    store([order], { [order.id]: detail(order, { subscription: { ...lapsed, graceEndsAt: '2026-12-23T10:02:00Z' } }) });
    const { user } = renderAt('/admin?tab=orders');
    const region = await within(await openOrder(user, order.id)).findByRole('region', { name: 'Subscription' });
    expect(within(region).getByTestId('subscription-lapse').textContent).toMatch(/^Grace period until Dec 23, 2026/);
  });

  it("shows a suspended lapsed subscription as 'Suspended (expired)'", async () => {
    const order = orderSummary();
    const lapsed = { ...detail(order).subscription!, status: 'expired', graceSuspended: true };
    store([order], { [order.id]: detail(order, { subscription: lapsed }) });
    const { user } = renderAt('/admin?tab=orders');
    const region = await within(await openOrder(user, order.id)).findByRole('region', { name: 'Subscription' });
    expect(within(region).getByTestId('subscription-lapse').textContent).toBe('Suspended (expired)');
  });

  it('asks before a refund: Cancel changes nothing; confirming refunds, says so and asks the list again', async () => {
    const order = orderSummary();
    store([order], { [order.id]: detail(order) }, { [`POST /api/admin/orders/${order.id}/refund`]: action(order.id, 'refunded', 'Order refunded: $21.98 back to the card') });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Refund/ }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Refund this order?' });
    expect(confirm.textContent).toContain('$21.98 goes back to the buyer through the payment provider');
    expect(confirm.textContent).toContain('This cannot be undone.');
    expect(within(confirm).getByLabelText<HTMLInputElement>('Amount').value).toBe('21.98');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST', `/api/admin/orders/${order.id}/refund`)).toHaveLength(0);

    const listLoads = calls('GET', '/api/admin/orders').length;
    await user.click(within(screen.getByTestId('order-detail')).getByRole('button', { name: /^Refund/ }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $21.98' }));
    await waitFor(() => expect(toastText()).toBe('Order Refunded|Order refunded: $21.98 back to the card|default'));
    expect(bodyOf('POST', `/api/admin/orders/${order.id}/refund`)).toEqual({});
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(calls('GET', '/api/admin/orders').length).toBeGreaterThan(listLoads));
    expect(calls('GET', `/api/admin/orders/${order.id}`).length).toBeGreaterThan(1);
  });

  it('refunds part of an order: the amount typed, a note, a button that says how much, the Idempotency-Key sent', async () => {
    const order = orderSummary({ refundedAmount: '5.00' });
    store([order], { [order.id]: detail(order) }, { [`POST /api/admin/orders/${order.id}/refund`]: action(order.id, 'completed', `Refunded $6.00 of order ${order.id}; $10.98 is left`) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Refund/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund this order?' });
    const amount = within(confirm).getByLabelText<HTMLInputElement>('Amount');
    // $21.98 paid, $5.00 refunded already: $16.98 is left and offered.
    expect(amount.value).toBe('16.98');
    expect(confirm.textContent).toContain('$16.98 left to refund ($5.00 refunded already).');
    expect(within(confirm).getByRole('button', { name: 'Refund $16.98' })).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '17.00');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $16.98' }));
    expect(await within(confirm).findByText(`At most $16.98 is left to refund on ${order.id}`)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST', `/api/admin/orders/${order.id}/refund`)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '6');
    expect(confirm.textContent).toContain('The order stays paid and its subscription goes on; $10.98 will be left to refund.');
    await user.type(within(confirm).getByLabelText('Note (optional)'), 'Two days without service');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $6.00' }));
    await waitFor(() => expect(toastText()).toBe(`Partly Refunded|Refunded $6.00 of order ${order.id}; $10.98 is left|default`));
    expect(bodyOf('POST', `/api/admin/orders/${order.id}/refund`)).toEqual({ amount: '6.00', note: 'Two days without service' });
    const key = new Headers(calls('POST', `/api/admin/orders/${order.id}/refund`)[0]!.init!.headers).get('idempotency-key');
    expect(key).toMatch(/^.{8,}$/);
  });

  it("shows the server's refusal in the dialog word for word", async () => {
    const order = orderSummary();
    store([order], { [order.id]: detail(order) }, { [`POST /api/admin/orders/${order.id}/refund`]: () => json(409, { message: `At most $3.00 is left to refund on ${order.id}` }) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Refund/ }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $21.98' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(`At most $3.00 is left to refund on ${order.id}`);
  });

  it('offers only what a part-paid crypto order received, and lists the refunds in the order detail', async () => {
    const order = orderSummary({ paymentMethod: 'crypto', paymentStatus: 'needs_review', totalAmount: '15.99', receivedAmount: '8.00', reason: 'Crypto payment 42 partially paid: received $8.00 of $15.99, 8 of 15.99 USDC' });
    const refunds = [{ amount: '2.00', note: 'Fee for the wait', status: 'manual', adminUsername: 'store-owner', createdAt: '2026-11-21T09:00:00Z' }];
    store([order], { [order.id]: detail({ ...order, refundedAmount: '2.00' }, { refunds, payment: { ...detail(order).payment, totalAmount: '15.99', refundedAmount: '2.00', receivedAmount: '8.00', refundableAmount: '6.00' } }) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    const payment = await within(dialog).findByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('$8.00 of $15.99');
    const listed = within(payment).getByRole('list', { name: 'Refunds' });
    expect(listed.textContent).toContain('$2.00');
    expect(listed.textContent).toContain('Fee for the wait');
    expect(listed.textContent).toContain('store-owner');
    expect(within(dialog).getByTestId('order-reason').textContent).toContain('received $8.00 of $15.99');

    await user.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByTestId('refund-received').textContent).toBe('Received $8.00 of $15.99: only what arrived can go back.');
    expect(within(confirm).getByLabelText<HTMLInputElement>('Amount').value).toBe('6.00');
    expect(within(confirm).getByRole('button', { name: 'Refund $6.00' })).toBeTruthy();
  });

  it('offers only what arrived once a part-paid crypto order is honoured, and says so in the detail', async () => {
    const order = orderSummary({ paymentMethod: 'crypto', paymentStatus: 'completed', totalAmount: '15.99', receivedAmount: '7.99' });
    store([order], { [order.id]: detail(order, { payment: { ...detail(order).payment, totalAmount: '15.99', refundedAmount: '0.00', receivedAmount: '7.99', refundableAmount: '7.99' } }) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    const payment = await within(dialog).findByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('$7.99 of $15.99: only what arrived can be refunded');

    await user.click(within(dialog).getByRole('button', { name: /^Refund/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByTestId('refund-received').textContent).toBe('Received $7.99 of $15.99: only what arrived can go back.');
    expect(within(confirm).getByLabelText<HTMLInputElement>('Amount').value).toBe('7.99');
    expect(within(confirm).getByRole('button', { name: 'Refund $7.99' })).toBeTruthy();
  });

  it('shows a pending label and refuses a second press while the refund runs', async () => {
    const order = orderSummary();
    let answer!: (response: Response) => void;
    store([order], { [order.id]: detail(order) }, { [`POST /api/admin/orders/${order.id}/refund`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Refund/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund $21.98' }));
    const pending = await screen.findByRole('button', { name: 'Refunding...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    await user.click(pending);
    expect(calls('POST', `/api/admin/orders/${order.id}/refund`)).toHaveLength(1);
    answer(json(409, { message: 'Only a paid order or one that needs review can be refunded' }));
    await waitFor(() => expect(toastText()).toBe('Refund Failed|Only a paid order or one that needs review can be refunded|destructive'));
    // A refused refund leaves the question open, to cancel or try again.
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  it('asks for a note before refunding a crypto order, and sends it', async () => {
    const order = orderSummary({ paymentMethod: 'crypto' });
    store([order], { [order.id]: detail(order) }, { [`POST /api/admin/orders/${order.id}/refund`]: action(order.id, 'refunded', 'Order marked refunded') });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Refund/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain("send $21.98 back to the buyer's wallet first");
    await user.click(within(confirm).getByRole('button', { name: 'Refund $21.98' }));
    expect(await within(confirm).findByText('A crypto payment is refunded outside the store: add a note saying how it was refunded')).toBeTruthy();
    const note = within(confirm).getByLabelText('How it was refunded');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(calls('POST', `/api/admin/orders/${order.id}/refund`)).toHaveLength(0);
    await user.type(note, '  Sent 21.98 USDC back on Nov 24  ');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $21.98' }));
    await waitFor(() => expect(toastText()).toBe('Order Refunded|Order marked refunded|default'));
    expect(bodyOf('POST', `/api/admin/orders/${order.id}/refund`)).toEqual({ note: 'Sent 21.98 USDC back on Nov 24' });
  });

  it('retries provisioning of a paid order without logins, and marks its gift card delivered, each with a toast', async () => {
    const order = orderSummary();
    store([order], { [order.id]: detail(order, { subscription: null }) }, {
      [`POST /api/admin/orders/${order.id}/retry-provisioning`]: action(order.id, 'completed', 'Provisioning queued again'),
      [`POST /api/admin/orders/${order.id}/gift-card`]: () => json(200, { orderId: order.id, giftCardDelivered: true, message: 'Gift card marked delivered' }),
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    expect((await within(dialog).findByRole('region', { name: 'Subscription' })).textContent).toContain('No subscription');
    await user.click(within(dialog).getByRole('button', { name: /^Retry Provisioning/ }));
    await waitFor(() => expect(toastText()).toBe('Provisioning Restarted|Provisioning queued again|default'));
    await user.click(within(dialog).getByRole('button', { name: /^Mark Gift Card Delivered/ }));
    await waitFor(() => expect(toastText()).toBe('Gift Card Delivered|Gift card marked delivered|default'));
    expect(bodyOf('POST', `/api/admin/orders/${order.id}/gift-card`)).toEqual({ delivered: true });
  });

  it('offers to undo a gift card delivery on the store day it was marked, and not on a later day', async () => {
    const today = orderSummary({ giftCardDelivered: true, giftCardDeliveredAt: new Date().toISOString() });
    const earlier = orderSummary({ id: 'SP-1712345678900-004', giftCardDelivered: true, giftCardDeliveredAt: '2020-01-01T12:00:00Z' });
    store([today, earlier], { [today.id]: detail(today), [earlier.id]: detail(earlier) }, {
      [`POST /api/admin/orders/${today.id}/gift-card`]: () =>
        json(200, { orderId: today.id, giftCardDelivered: false, message: `Gift card delivery of order ${today.id} undone: it is owed again` }),
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, today.id);
    await user.click(await within(dialog).findByRole('button', { name: /^Undo Gift Card Delivery/ }));
    await waitFor(() => expect(toastText()).toBe(`Gift Card Delivery Undone|Gift card delivery of order ${today.id} undone: it is owed again|default`));
    expect(bodyOf('POST', `/api/admin/orders/${today.id}/gift-card`)).toEqual({ delivered: false });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('order-detail')).toBeNull());
    const other = await openOrder(user, earlier.id);
    await within(other).findByRole('region', { name: 'Payment' });
    expect(within(other).queryByRole('button', { name: /^Undo Gift Card Delivery/ })).toBeNull();
  });

  it('delivers an owed gift card from the Gift Cards tab with its code and note', async () => {
    const owedCard = { orderId: 'SP-1712345678900-009', customerName: 'Mary Jackson', customerEmail: 'mary@example.com', giftCard: 'Amazon', cashbackAmount: '10.00', paidAt: '2026-11-20T10:00:00Z' };
    store([], {}, {
      'GET /api/admin/gift-cards/pending': () => json(200, [owedCard], { 'x-total-count': '1' }),
      [`POST /api/admin/orders/${owedCard.orderId}/gift-card`]: () =>
        json(200, { orderId: owedCard.orderId, giftCardDelivered: true, message: `Gift card of order ${owedCard.orderId} marked delivered` }),
    });
    const { user } = renderAt('/admin?tab=gift-cards');
    const row = await screen.findByTestId('owed-gift-card');
    await user.click(within(row).getByRole('button', { name: /^Mark Delivered/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliver Gift Card' });
    await user.type(within(dialog).getByLabelText('Gift card code (optional)'), 'AMZN-4242');
    await user.type(within(dialog).getByLabelText('Note for the admins (optional)'), 'Sent by email');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Delivered' }));
    await waitFor(() => expect(toastText()).toBe(`Gift Card Delivered|Gift card of order ${owedCard.orderId} marked delivered|default`));
    expect(bodyOf('POST', `/api/admin/orders/${owedCard.orderId}/gift-card`)).toEqual({ delivered: true, code: 'AMZN-4242', note: 'Sent by email' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says '(owed)' only for a gift card still owed: a refunded or failed order shows its card and amount without it", async () => {
    const owed = orderSummary();
    const refunded = orderSummary({ id: 'SP-1712345678900-002', paymentStatus: 'refunded', giftCard: 'Amazon', cashbackAmount: '2.00' });
    const failed = orderSummary({ id: 'SP-1712345678900-003', paymentStatus: 'failed', paidAt: null, giftCard: 'Target' });
    store([owed, refunded, failed], { [refunded.id]: detail(refunded), [failed.id]: detail(failed, { subscription: null }) });
    const { user } = renderAt('/admin?tab=orders');
    const rows = await screen.findAllByTestId('order-row');
    const giftCardCells = rows.map((row) => row.querySelector('[data-label="Gift Card"]')!.textContent);
    expect(giftCardCells).toEqual(['Chewy (owed)', 'Amazon (not owed: refunded)', 'Target (not owed: payment failed)']);

    let dialog = await openOrder(user, refunded.id);
    let payment = await within(dialog).findByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('Amazon, $2.00 (not owed: refunded)');
    expect(payment.textContent).not.toContain('(owed)');
    expect(within(dialog).queryByRole('button', { name: /^Mark Gift Card Delivered/ })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('order-detail')).toBeNull());

    dialog = await openOrder(user, failed.id);
    payment = await within(dialog).findByRole('region', { name: 'Payment' });
    expect(payment.textContent).toContain('Target, $10.00 (not owed: payment failed)');
    expect(within(dialog).queryByRole('button', { name: /^Mark Gift Card Delivered/ })).toBeNull();
  });

  it("says the server's message when an order cannot be loaded", async () => {
    const order = orderSummary();
    store([order], {}, { [`GET /api/admin/orders/${order.id}`]: () => json(404, { message: 'Order not found' }) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user, order.id);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Order not found');
  });
});

const lastOrdersQuery = () => Object.fromEntries(calls('GET', '/api/admin/orders').at(-1)!.url.searchParams);
const currentSection = () => within(screen.getByRole('navigation', { name: 'Store operations' })).getByRole('link', { current: 'page' }).textContent;

describe('sections and list filters in the address', () => {
  it("opens the orders with the address's status, search and page, and puts each change in the address", async () => {
    store([orderSummary({ paymentStatus: 'failed', giftCard: null })], {}, { 'GET /api/admin/orders': () => json(200, [orderSummary({ paymentStatus: 'failed', giftCard: null })], { 'x-total-count': '60' }) });
    const { user, location } = renderAt('/admin?tab=orders&status=failed&q=mary&page=2');
    await screen.findByTestId('order-row');
    expect(lastOrdersQuery()).toEqual({ limit: '25', offset: '25', q: 'mary', paymentStatus: 'failed' });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search orders' }).value).toBe('mary');
    expect(screen.getByRole('combobox', { name: 'Payment status' }).textContent).toBe('failed');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=orders&status=failed&q=mary&page=3'));
    await waitFor(() => expect(lastOrdersQuery().offset).toBe('50'));

    // A filter starts again at the first page.
    await user.click(screen.getByRole('checkbox', { name: 'Needs review only' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=orders&status=failed&q=mary&review=1'));
    await user.type(screen.getByLabelText('Placed from'), '2026-11-01');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=orders&status=failed&q=mary&review=1&from=2026-11-01'));
    await waitFor(() => expect(lastOrdersQuery()).toEqual({ limit: '25', offset: '0', q: 'mary', paymentStatus: 'failed', needsReview: 'true', from: '2026-11-01' }));
  });

  it("keeps the section and the orders' filters through the browser's back button", { timeout: 20_000 }, async () => {
    store([orderSummary({ paymentStatus: 'failed', giftCard: null })], {}, { 'GET /api/admin/orders': () => json(200, [orderSummary({ paymentStatus: 'failed', giftCard: null })], { 'x-total-count': '60' }) });
    const { user } = renderInBrowserHistory('/admin');
    await screen.findByText('No Customer Subscriptions');
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await screen.findByTestId('order-row');
    await user.click(screen.getByRole('checkbox', { name: 'Needs review only' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=orders&review=1'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?tab=orders&review=1&page=2'));
    await waitFor(() => expect(lastOrdersQuery()).toEqual({ limit: '25', offset: '25', needsReview: 'true' }));

    // Back: the first page, the filter still on.
    await act(async () => window.history.back());
    await waitFor(() => expect(window.location.search).toBe('?tab=orders&review=1'));
    await waitFor(() => expect(lastOrdersQuery()).toEqual({ limit: '25', offset: '0', needsReview: 'true' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Needs review only' }).checked).toBe(true);

    // Back: the orders unfiltered; back again: the section before them.
    await act(async () => window.history.back());
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Needs review only' }).checked).toBe(false));
    expect(currentSection()).toBe('Orders');
    await act(async () => window.history.back());
    await waitFor(() => expect(currentSection()).toBe('Customer Subscriptions'));
    expect(window.location.pathname + window.location.search).toBe('/admin');
    expect(await screen.findByText('No Customer Subscriptions')).toBeTruthy();
  });
});

describe('the Needs Review tab', () => {
  it('lists the held orders with their reason; honour completes one and says so', async () => {
    const held = orderSummary({ paymentStatus: 'needs_review', reason: 'Coupon SPRING25 reached its limit after payment', paymentMethod: 'crypto' });
    store([held], {}, { [`POST /api/admin/orders/${held.id}/honour`]: action(held.id, 'completed', 'Order completed; provisioning started') });
    const { user } = renderAt('/admin?tab=review');
    const card = await screen.findByTestId('review-order');
    expect(within(card).getByTestId('review-reason').textContent).toBe('Why: Coupon SPRING25 reached its limit after payment');
    expect(calls('GET', '/api/admin/orders')[0]!.url.searchParams.get('needsReview')).toBe('true');
    await user.click(within(card).getByRole('button', { name: /^Honour/ }));
    await waitFor(() => expect(toastText()).toBe('Order Honoured|Order completed; provisioning started|default'));
    expect(calls('POST', `/api/admin/orders/${held.id}/honour`)).toHaveLength(1);

    // Refund from the queue asks first too, with the note a crypto order needs.
    await user.click(within(card).getByRole('button', { name: /^Refund/ }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('How it was refunded');
  });

  it('says nothing needs review, and why orders would', async () => {
    store([]);
    renderAt('/admin?tab=review');
    expect(await screen.findByText('Nothing Needs Review')).toBeTruthy();
  });
});

describe('the Shipments tab', () => {
  it("lists paid box orders and saves a box's tracking number, saying what it saved", async () => {
    const box = orderSummary({ id: 'SP-1712345678902-777', packageId: 'streaming-box', packageName: 'Streaming Box', requiresShipping: true, shipmentStatus: 'processing' });
    const shipment = { status: 'processing', carrier: 'UPS', trackingNumber: null, address: '1 Main St, Austin, TX 73301, US', estimatedDelivery: null, actualDelivery: null };
    store([box], { [box.id]: detail(box, { shipment }) }, {
      [`PATCH /api/admin/shipments/${box.id}`]: () =>
        json(200, { orderId: box.id, status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784', estimatedDelivery: '2026-11-28T12:00:00.000Z', actualDelivery: null }),
    });
    const { user } = renderAt('/admin?tab=shipments');
    const row = await screen.findByTestId('box-order');
    expect(within(row).getByText('processing')).toBeTruthy();
    expect(Object.fromEntries(calls('GET', '/api/admin/orders')[0]!.url.searchParams)).toMatchObject({ packageId: 'streaming-box', paymentStatus: 'completed' });
    await user.click(within(row).getByRole('button', { name: /^Update Shipment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Shipment' });
    const carrier = await within(dialog).findByLabelText<HTMLInputElement>('Carrier');
    expect(carrier.value).toBe('UPS');
    expect(dialog.textContent).toContain('Ship to: 1 Main St, Austin, TX 73301, US');
    await user.click(within(dialog).getByLabelText('Status'));
    await user.click(await screen.findByRole('option', { name: 'shipped' }));
    await user.clear(carrier);
    await user.type(carrier, 'FedEx');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999AA10123456784');
    await user.type(within(dialog).getByLabelText('Estimated delivery'), '2026-11-28');
    await user.click(within(dialog).getByRole('button', { name: 'Save Shipment' }));
    await waitFor(() => expect(toastText()).toBe(`Shipment Saved|Order ${box.id}: shipped, FedEx tracking 1Z999AA10123456784.|default`));
    expect(bodyOf('PATCH', `/api/admin/shipments/${box.id}`)).toEqual({ status: 'shipped', carrier: 'FedEx', trackingNumber: '1Z999AA10123456784', estimatedDelivery: '2026-11-28T12:00:00Z' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("links a tracking number to its carrier's page in the list and the order's detail, and leaves an unknown one as text", async () => {
    const ups = orderSummary({ id: 'SP-1712345678902-701', packageId: 'streaming-box', requiresShipping: true, shipmentStatus: 'shipped', trackingNumber: '1Z999AA10123456784' });
    const other = orderSummary({ id: 'SP-1712345678902-702', packageId: 'streaming-box', requiresShipping: true, shipmentStatus: 'shipped', trackingNumber: 'LC-42' });
    const shipment = { status: 'shipped', carrier: 'UPS', trackingNumber: '9400111899223197428490', address: '1 Main St', estimatedDelivery: null, actualDelivery: null };
    store([ups, other], { [ups.id]: detail(ups, { shipment }) });
    const { user } = renderAt('/admin?tab=shipments');
    const [upsRow, otherRow] = await screen.findAllByTestId('box-order');
    const link = within(upsRow!).getByRole('link', { name: '1Z999AA10123456784 (track with UPS, opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(otherRow!).queryByRole('link')).toBeNull();
    expect(otherRow!.textContent).toContain('LC-42');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    const dialog = await openOrder(user, ups.id);
    const region = await within(dialog).findByRole('region', { name: 'Shipment' });
    expect(within(region).getByRole('link', { name: /^9400111899223197428490/ }).getAttribute('href')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
    );
  });

  it("keeps the form and shows the server's words when it refuses", async () => {
    const box = orderSummary({ packageId: 'streaming-box', requiresShipping: true });
    const shipment = { status: 'processing', carrier: 'UPS', trackingNumber: null, address: '1 Main St', estimatedDelivery: null, actualDelivery: null };
    store([box], { [box.id]: detail(box, { shipment }) }, { [`PATCH /api/admin/shipments/${box.id}`]: () => json(400, { message: 'A shipped box needs its tracking number' }) });
    const { user } = renderAt('/admin?tab=shipments');
    await user.click(within(await screen.findByTestId('box-order')).getByRole('button', { name: /^Update Shipment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Shipment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save Shipment' }));
    await waitFor(() => expect(toastText()).toBe('Shipment Not Saved|A shipped box needs its tracking number|destructive'));
    expect(screen.getByRole('dialog', { name: 'Update Shipment' })).toBeTruthy();
  });

  it("waits for a just-paid box's shipment, which provisioning creates a moment later, then opens its form", async () => {
    const box = orderSummary({ packageId: 'streaming-box', requiresShipping: true });
    const shipment = { status: 'processing', carrier: 'UPS', trackingNumber: null, address: '1 Main St', estimatedDelivery: null, actualDelivery: null };
    const answers = [detail(box, { shipment: null }), detail(box, { shipment })];
    store([box], {}, { [`GET /api/admin/orders/${box.id}`]: () => json(200, answers.length > 1 ? answers.shift()! : answers[0]!) });
    const { user } = renderAt('/admin?tab=shipments');
    await user.click(within(await screen.findByTestId('box-order')).getByRole('button', { name: /^Update Shipment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Shipment' });
    expect((await within(dialog).findByRole('status')).textContent).toBe("The box's shipment is being set up as the order is provisioned; this updates on its own.");
    await within(dialog).findByText('Ship to: 1 Main St', {}, { timeout: 5000 });
    expect(calls('GET', `/api/admin/orders/${box.id}`)).toHaveLength(2);
  });

  it('says there is no box to ship', async () => {
    store([]);
    renderAt('/admin?tab=shipments');
    expect(await screen.findByText('No Boxes to Ship')).toBeTruthy();
  });
});
