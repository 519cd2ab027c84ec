// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminStats, PurchaseNotification } from '../../src/contract/admin';
import { ADMIN_SESSION, calls, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();

function stats(waiting: AdminStats['waiting']): AdminStats {
  return {
    subscriptions: { count: 0, active: 0, uniqueCustomers: 0, devices: 0 },
    revenue: { total: '0.00', thisMonth: '0.00', paidOrders: 0, byCurrency: { USD: '0.00' }, thisMonthByCurrency: { USD: '0.00' }, paidOrdersByCurrency: { USD: 0 } },
    notifications: { count: 0, revenue: '0.00', revenueByCurrency: { USD: '0.00' }, devices: 0, uniqueCustomers: 0 },
    revenueByDay: [],
    waiting,
    disputeRate: { disputes: 0, cardPayments: 0, rate: 0, level: 'ok' },
  };
}

function notice(orderId: string, overrides: Partial<PurchaseNotification> = {}): PurchaseNotification {
  return {
    id: `n-${orderId}`,
    orderId,
    packageName: '1 Month Premium',
    customerEmail: 'mary@example.com',
    subscriptionDuration: '1 Month',
    deviceCount: 1,
    giftCard: 'Amazon',
    totalAmount: '15.99',
    currency: 'USD',
    timestamp: new Date(Date.now() - 60_000).toISOString(),
    refunded: false,
    ...overrides,
  };
}

function store(waiting: AdminStats['waiting'], notifications: () => PurchaseNotification[], extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/admin/auth': () => json(200, ADMIN_SESSION),
    'GET /api/admin/stats': () => json(200, stats(waiting)),
    'GET /api/admin/customers': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/purchase-notifications': () => {
      const list = notifications();
      return json(200, list, { 'x-total-count': String(list.length) });
    },
    'GET /api/admin/gift-cards/pending': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/admin/coupons': () => json(200, [], { 'x-total-count': '0' }),
    ...extra,
  });
}

describe('work waiting, at a glance', () => {
  it("counts the orders to review, gift cards owed and boxes to ship on /admin's navigation, each named with its count", async () => {
    store({ needsReview: 3, giftCardsOwed: 1, boxesToShip: 120, openTickets: 0 }, () => []);
    renderAt('/admin');
    expect(await screen.findByRole('link', { name: 'Needs Review, 3 waiting' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Gift Cards, 1 waiting' })).toBeTruthy();
    const shipments = screen.getByRole('link', { name: 'Shipments, 120 waiting' });
    expect(within(shipments).getByTestId('waiting-count').textContent).toBe('99+');
    // Sections where no work waits keep their plain names.
    expect(screen.getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(screen.getAllByTestId('waiting-count')).toHaveLength(3);
  });

  it('shows the same counts on the links of /admin-dashboard, and none where nothing waits', async () => {
    store({ needsReview: 0, giftCardsOwed: 2, boxesToShip: 1, openTickets: 0 }, () => []);
    renderAt('/admin-dashboard');
    const sections = await screen.findByRole('navigation', { name: 'Store operations' });
    const giftCards = await within(sections).findByRole('link', { name: 'Gift Cards, 2 waiting' });
    expect(giftCards.getAttribute('href')).toBe('/admin?tab=gift-cards');
    expect(within(sections).getByRole('link', { name: 'Shipments, 1 waiting' }).getAttribute('href')).toBe('/admin?tab=shipments');
    expect(within(sections).getByRole('link', { name: 'Needs Review' })).toBeTruthy();
  });

  it("toasts 'New order SP-...' when a poll finds an order paid since the page loaded, and not for those already there", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let list = [notice('SP-1700000000000-111'), notice('SP-1700000000000-110')];
      store({ needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 }, () => list);
      renderAt('/admin');
      await screen.findByText('No Customer Subscriptions');
      await waitFor(() => expect(calls('GET', '/api/purchase-notifications')).toHaveLength(1));
      expect(toastText()).toBe('');

      // The next poll finds the same orders: nothing to say.
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(calls('GET', '/api/purchase-notifications')).toHaveLength(2));
      expect(toastText()).toBe('');

      list = [notice('SP-1700000000000-112', { totalAmount: '21.98', timestamp: new Date().toISOString() }), ...list];
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(toastText()).toBe('New order SP-1700000000000-112|1 Month Premium, $21.98|default'));

      list = [notice('SP-1700000000000-114', { packageName: '12 Months Premium', totalAmount: '89.99' }), notice('SP-1700000000000-113'), ...list];
      await vi.advanceTimersByTimeAsync(30_000);
      await waitFor(() => expect(toastText()).toBe('New order SP-1700000000000-114|12 Months Premium, $89.99, and 1 more order|default'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('has Logout on /admin as on /admin-dashboard, which ends the session and goes to /admin-login', async () => {
    store({ needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 }, () => [], { 'POST /api/admin/logout': () => json(200, { message: 'Logged out' }) });
    const { user, location } = renderAt('/admin');
    for (const name of ['Force Refresh Customers', 'Refresh Notifications']) expect(await screen.findByRole('button', { name })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin-login'));
    expect(calls('POST', '/api/admin/logout')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Administrator Access Only' })).toBeTruthy();
  });
});

/** What the Orders section asks for, none there. */
const ORDERS_SECTION: Record<string, Handler> = {
  'GET /api/admin/orders': () => json(200, [], { 'x-total-count': '0' }),
  'GET /api/admin/packages': () => json(200, []),
};

describe("the admin's navigation on a phone", () => {
  it("opens the grouped sections from 'Menu', with their counts; Escape closes it and gives the focus back", async () => {
    store({ needsReview: 2, giftCardsOwed: 0, boxesToShip: 1, openTickets: 0 }, () => [], ORDERS_SECTION);
    const { user } = renderAt('/admin?tab=orders');
    const menu = await screen.findByRole('button', { name: 'Menu' });
    await user.click(menu);
    const sheet = await screen.findByRole('dialog', { name: 'Admin sections' });
    expect(within(within(sheet).getByRole('navigation', { name: 'Store operations' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Sales', 'Fulfilment', 'Catalog', 'Customers', 'System']);
    expect(within(sheet).getByRole('link', { name: 'Orders', current: 'page' })).toBeTruthy();
    expect(await within(sheet).findByRole('link', { name: 'Needs Review, 2 waiting' })).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Shipments, 1 waiting' })).toBeTruthy();
    // Focus moves into the sheet and stays there.
    expect(sheet.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(menu);
  });

  it('goes to the section chosen in the menu, as a new history entry, and closes the menu', async () => {
    store({ needsReview: 2, giftCardsOwed: 0, boxesToShip: 1, openTickets: 0 }, () => [], ORDERS_SECTION);
    const { user, location } = renderAt('/admin?tab=orders');
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Admin sections' })).getByRole('link', { name: 'Coupons' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history).toEqual(['/admin?tab=orders', '/admin?tab=coupons']);
    expect(await screen.findByText('No Coupons')).toBeTruthy();
    expect(screen.getByTestId('section-heading').textContent).toBe('Coupons');
  });
});
