// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCustomerRecord, AdminStats, PurchaseNotification } from '../../src/contract/admin';
import { ADMIN_SESSION, bodyOf, calls, fetchMock, json, renderAt, requests, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// ---- data ----------------------------------------------------------------------------

const DAY = 24 * 3600_000;

function record(overrides: Partial<AdminCustomerRecord> = {}): AdminCustomerRecord {
  return {
    id: 'sub-1',
    orderId: 'SP-1712345678901-123',
    customerName: 'Mary Jackson',
    customerEmail: 'mary@example.com',
    packageName: '1 Month Premium',
    subscriptionLength: '1 Month',
    giftCardChoice: 'Chewy',
    paymentDate: '2025-06-10T12:00:00Z',
    totalAmount: '21.98',
    currency: 'USD',
    deviceCount: 2,
    status: 'active',
    expirationDate: '2025-07-10T12:00:00Z',
    graceEndsAt: null,
    graceSuspended: false,
    xtreamServer: 'http://tv.example.com',
    deviceCredentials: [
      { id: 'd1', deviceName: 'Device 1', deviceNumber: 1, isActive: true, xtreamUsername: 'sp_mary1', xtreamPassword: 'pw-one', label: null, epgUrl: 'http://tv.example.com/xmltv.php?username=sp_mary1&password=pw-one', kind: 'line', mac: null, portalUrl: null, enabled: true },
      { id: 'd2', deviceName: 'Device 2', deviceNumber: 2, isActive: false, xtreamUsername: 'sp_mary2', xtreamPassword: 'pw-two', label: null, epgUrl: 'http://tv.example.com/xmltv.php?username=sp_mary2&password=pw-two', kind: 'line', mac: null, portalUrl: null, enabled: true },
    ],
    ...overrides,
  };
}

const notification: PurchaseNotification = {
  id: 'n1',
  orderId: 'SP-1712345678901-123',
  packageName: '1 Month Premium',
  customerEmail: 'mary@example.com',
  subscriptionDuration: '1 Month',
  deviceCount: 2,
  giftCard: 'Chewy',
  totalAmount: '21.98',
  currency: 'USD',
  timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
  refunded: false,
};

const stats: AdminStats = {
  subscriptions: { count: 3, active: 2, uniqueCustomers: 2, devices: 5 },
  revenue: {
    total: '1250.40',
    thisMonth: '65.94',
    paidOrders: 3,
    byCurrency: { USD: '1250.40' },
    thisMonthByCurrency: { USD: '65.94' },
    paidOrdersByCurrency: { USD: 3 },
  },
  notifications: { count: 4, revenue: '87.92', revenueByCurrency: { USD: '87.92' }, devices: 6, uniqueCustomers: 3 },
  revenueByDay: Array.from({ length: 30 }, (_, index) => ({ date: new Date(Date.now() - (29 - index) * DAY).toISOString().slice(0, 10), revenue: index === 29 ? '21.98' : '0.00' })),
  waiting: { needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 },
  disputeRate: { disputes: 0, cardPayments: 3, rate: 0, level: 'ok' },
};

/** A signed-in admin with these lists; the customer list answers an ETag and 304 to it. */
function signedInStore(records: AdminCustomerRecord[] = [record()], notifications: PurchaseNotification[] = [notification], extra: Record<string, Handler> = {}) {
  serve({
    'GET /api/admin/auth': () => json(200, ADMIN_SESSION),
    'GET /api/admin/stats': () => json(200, stats),
    'GET /api/admin/customers': (init) =>
      (init?.headers as Record<string, string> | undefined)?.['If-None-Match'] === '"c1"'
        ? new Response(null, { status: 304 })
        : json(200, records, { ETag: '"c1"', 'x-total-count': String(records.length) }),
    'GET /api/purchase-notifications': () => json(200, notifications, { 'x-total-count': String(notifications.length) }),
    ...extra,
  });
}

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();

// ---- /admin-login --------------------------------------------------------------------

describe('admin sign-in (/admin-login)', () => {
  it("says 'Username is required' and 'Password is required' under the empty fields, without calling the server", async () => {
    serve({});
    const { user } = renderAt('/admin-login');
    expect(screen.getByRole('heading', { name: 'Administrator Access Only' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(screen.getByLabelText('Admin Username').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Signing In...' while pending, then 'Admin Login Successful' and goes to /admin", async () => {
    let answer!: (response: Response) => void;
    serve({ 'POST /api/admin/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, location } = renderAt('/admin-login');
    await user.type(screen.getByLabelText('Admin Username'), 'store-owner');
    await user.type(screen.getByLabelText('Admin Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    const pending = await screen.findByRole<HTMLButtonElement>('button', { name: 'Signing In...' });
    expect(pending.disabled).toBe(true);
    expect(bodyOf('POST', '/api/admin/login')).toEqual({ username: 'store-owner', password: 'secret-pass' });
    signedInStore();
    answer(json(200, ADMIN_SESSION));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin'));
    expect(toastText()).toBe('Admin Login Successful||default');
  });

  it("says 'Login Failed' with the server's message, or 'Invalid admin credentials' when there is none", async () => {
    serve({ 'POST /api/admin/login': () => json(429, { message: 'Too many sign-in attempts. Try again in 15 minutes.' }) });
    const { user, location } = renderAt('/admin-login');
    await user.type(screen.getByLabelText('Admin Username'), 'store-owner');
    await user.type(screen.getByLabelText('Admin Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    await waitFor(() => expect(toastText()).toBe('Login Failed|Too many sign-in attempts. Try again in 15 minutes.|destructive'));

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    await waitFor(() => expect(toastText()).toBe('Login Failed|Invalid admin credentials|destructive'));
    expect(location.history.at(-1)).toBe('/admin-login');
    expect(screen.getByLabelText<HTMLInputElement>('Admin Username').value).toBe('store-owner');
  });

  it("asks for an 'Authentication code' when the server answers twoFactorRequired, and sends it with the next sign-in", async () => {
    let tries = 0;
    serve({
      'POST /api/admin/login': () => {
        tries += 1;
        if (tries === 1) return json(401, { twoFactorRequired: true, message: 'Authentication code required' });
        if (tries === 2) return json(401, { twoFactorRequired: true, message: 'Invalid authentication code' });
        signedInStore();
        return json(200, ADMIN_SESSION);
      },
    });
    const { user, location } = renderAt('/admin-login');
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.type(screen.getByLabelText('Admin Username'), 'store-owner');
    await user.type(screen.getByLabelText('Admin Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    const code = await screen.findByLabelText('Authentication code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(toastText()).toBe('');

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    expect(await screen.findByText('Invalid authentication code')).toBeTruthy();
    expect(bodyOf('POST', '/api/admin/login', 0)).toEqual({ username: 'store-owner', password: 'secret-pass' });
    expect(bodyOf('POST', '/api/admin/login', 1)).toEqual({ username: 'store-owner', password: 'secret-pass', code: '000000' });

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Admin Sign In' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin'));
    expect(bodyOf('POST', '/api/admin/login', 2)).toEqual({ username: 'store-owner', password: 'secret-pass', code: '123456' });
  });
});

// ---- the admin session check -----------------------------------------------------------

describe('the admin pages without an admin session', () => {
  it("/admin-dashboard shows 'Authenticating...', then says 'Access Denied' and goes to /admin-login", async () => {
    let answer!: (response: Response) => void;
    serve({ 'GET /api/admin/auth': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { location } = renderAt('/admin-dashboard');
    expect(screen.getByText('Authenticating...')).toBeTruthy();
    answer(json(401, { message: 'Admin authentication required' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin-login'));
    expect(toastText()).toBe('Access Denied|Please log in as admin to access this page|destructive');
    expect(calls('GET', '/api/admin/auth')).toHaveLength(1);
    expect(calls('GET', '/api/admin/customers')).toHaveLength(0);
  });

  it('/admin goes to /admin-login without a toast', async () => {
    serve({ 'GET /api/admin/auth': () => json(401, { message: 'Admin authentication required' }) });
    const { location } = renderAt('/admin');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin-login'));
    expect(toastText()).toBe('');
  });
});

// ---- /admin-dashboard --------------------------------------------------------------------

describe('the customer management dashboard (/admin-dashboard)', () => {
  it('shows the four stat cards, the chart and a table of exactly the eleven columns', async () => {
    signedInStore();
    renderAt('/admin-dashboard');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Customer Subscription Management')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(document.title).toBe('Customer Management | StreamPlus');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Customer', 'Email', 'Package', 'Duration', 'Gift Card', 'Payment Date', 'Amount', 'Devices', 'Status', 'Expires', 'Credentials',
    ]);
    const row = screen.getByTestId('customer-row');
    for (const text of ['Mary Jackson', '8901-123', 'mary@example.com', '1 Month Premium', 'Chewy', 'Jun 10, 2025', '$21.98', 'Jul 10, 2025']) expect(row.textContent).toContain(text);
    expect(within(row).getByTestId('admin-status').className).toContain('text-success');
    // Below 768 px the row is a card: each value named by its column (data-label), the name and the action without one.
    expect([...row.querySelectorAll('[data-label]')].map((cell) => [cell.getAttribute('data-label'), cell.className.includes('before:content-[attr(data-label)]')])).toEqual([
      ['Customer', false], ['Email', true], ['Package', true], ['Duration', true], ['Gift Card', true], ['Payment Date', true], ['Amount', true], ['Devices', true], ['Status', true], ['Expires', true], ['Credentials', false],
    ]);
    expect(within(row).getByRole('button', { name: 'View Credentials' })).toBeTruthy();

    const figures = await screen.findByRole('region', { name: 'Customer figures' });
    expect(within(figures).getByText('Total Customers').nextSibling?.textContent).toBe('2');
    expect(within(figures).getByText('Active Subscriptions').nextSibling?.textContent).toBe('2');
    expect(within(figures).getByText('Total Revenue').nextSibling?.textContent).toBe('$1,250.40');
    expect(within(figures).getByText('This Month').nextSibling?.textContent).toBe('$65.94');
    expect(screen.getByRole('img', { name: 'Revenue, last 30 days' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/^\$21\.98 in the last 30 days/)).toBeTruthy();
  });

  it("writes 'Starts on activation' in the Expires column for a box not yet activated, the date for the others", async () => {
    signedInStore([record({ id: 'sub-box', status: 'pending_activation', packageName: 'Streaming Box' }), record({ id: 'sub-2' })]);
    renderAt('/admin-dashboard');
    const table = await screen.findByRole('table');
    const expires = within(table).getAllByRole('columnheader').findIndex((cell) => cell.textContent === 'Expires');
    const [box, month] = screen.getAllByTestId('customer-row');
    expect(box!.children[expires]!.textContent).toBe('Starts on activation');
    expect(month!.children[expires]!.textContent).toBe('Jul 10, 2025');
  });

  it("writes the dates in the store's time zone and says which, whatever the browser's zone", async () => {
    signedInStore([record({ paymentDate: '2025-11-25T14:55:00Z', expirationDate: '2025-12-25T10:30:00Z' })], [notification], {
      'GET /api/admin/auth': () => json(200, { ...ADMIN_SESSION, store: { timeZone: 'Pacific/Auckland' } }),
    });
    renderAt('/admin-dashboard');
    const row = await screen.findByTestId('customer-row');
    // 14:55 UTC on 25 Nov is 3:55 AM on 26 Nov in Auckland; 10:30 UTC on 25 Dec is 11:30 PM that day.
    expect(row.textContent).toContain('Nov 26, 2025');
    expect(row.textContent).toContain('Dec 25, 2025');
    expect(screen.getByTestId('store-time-zone').textContent).toBe('Times in Pacific/Auckland');
  });

  it('polls with a cache-busting parameter and If-None-Match, keeping the rows on a 304', async () => {
    signedInStore();
    const { user } = renderAt('/admin-dashboard');
    await screen.findByTestId('customer-row');
    const first = calls('GET', '/api/admin/customers')[0]!;
    expect(first.url.searchParams.get('_')).toMatch(/^\d+$/);
    expect(first.url.searchParams.get('limit')).toBe('25');
    expect(first.url.searchParams.get('offset')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls('GET', '/api/admin/customers')).toHaveLength(2));
    expect(calls('GET', '/api/admin/customers')[1]!.init!.headers).toEqual({ 'Accept-Language': 'en', 'If-None-Match': '"c1"' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' }).querySelector('.animate-spin')).toBeNull());
    expect(screen.getAllByTestId('customer-row')).toHaveLength(1);
  });

  it('asks again every 5 s on /admin-dashboard, and every 30 s on /admin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      signedInStore();
      renderAt('/admin-dashboard');
      await screen.findByTestId('customer-row');
      const before = calls('GET', '/api/admin/customers').length;
      await vi.advanceTimersByTimeAsync(5_000);
      await waitFor(() => expect(calls('GET', '/api/admin/customers').length).toBe(before + 1));
      cleanup();

      requests.length = 0;
      renderAt('/admin');
      await screen.findByTestId('customer-record');
      await vi.advanceTimersByTimeAsync(5_000);
      expect(calls('GET', '/api/admin/customers')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(25_000);
      await waitFor(() => expect(calls('GET', '/api/admin/customers')).toHaveLength(2));
      expect(calls('GET', '/api/purchase-notifications')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("opens 'View Credentials' with the server URL and each device's Copy buttons, or says they may still be generating", async () => {
    signedInStore([record(), record({ id: 'sub-2', orderId: 'SP-1712345678902-456', customerName: 'Ada Lovelace', deviceCredentials: [] })]);
    const { user } = renderAt('/admin-dashboard');
    const [withLogins, without] = await screen.findAllByTestId('customer-row');
    await user.click(within(withLogins!).getByRole('button', { name: 'View Credentials' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('server-address').textContent).toBe('http://tv.example.com');
    expect(within(dialog).getAllByTestId('device-credential')).toHaveLength(2);
    expect(within(dialog).getByText('sp_mary1')).toBeTruthy();
    expect(within(dialog).getByText('pw-two')).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Copy username' })[0]!);
    await waitFor(() => expect(toastText()).toBe('Copied!|Username copied to clipboard|default'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(without!).getByRole('button', { name: 'View Credentials' }));
    expect(await screen.findByText('No device credentials found for this subscription. They may still be generating.')).toBeTruthy();
  });

  it("says 'No customer subscriptions found' when there are none", async () => {
    signedInStore([]);
    renderAt('/admin-dashboard');
    expect(await screen.findByText('No customer subscriptions found')).toBeTruthy();
  });

  it('renders a name with markup in it as text', async () => {
    signedInStore([record({ customerName: '<img src=x onerror="window.__xss=1">' })]);
    renderAt('/admin-dashboard');
    const row = await screen.findByTestId('customer-row');
    expect(row.textContent).toContain('<img src=x onerror="window.__xss=1">');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('logs out to /admin-login, and still goes there when the logout fails', async () => {
    signedInStore([record()], [], { 'POST /api/admin/logout': () => json(500, { message: 'boom' }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, location } = renderAt('/admin-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin-login'));
    expect(calls('POST', '/api/admin/logout')).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Administrator Access Only' })).toBeTruthy();
  });
});

// ---- Create Customer Account --------------------------------------------------------------

describe('the Create Customer Account dialog', () => {
  async function openDialog() {
    const view = renderAt('/admin-dashboard');
    await view.user.click(await screen.findByRole('button', { name: 'Create Customer Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Customer Account' });
    expect(within(dialog).getByText('Create an account for an existing order')).toBeTruthy();
    expect(within(dialog).getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(within(dialog).getByLabelText('Order ID').getAttribute('placeholder')).toBe('SP-1712345678901-123');
    return { ...view, dialog };
  }
  async function fill(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('First Name'), 'Mary');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Jackson');
    await user.type(within(dialog).getByLabelText('Email'), 'Mary@Example.com');
    await user.type(within(dialog).getByLabelText('Order ID'), 'SP-1712345678901-123');
  }

  it("creates the account: 'Customer Account Created', the dialog closes and empties, the list reloads", async () => {
    signedInStore([record()], [], {
      'POST /api/admin/create-customer': () =>
        json(201, { message: 'Customer account created successfully and password setup email sent', customer: { id: 'c9', email: 'mary@example.com', firstName: 'Mary' }, orderId: 'SP-1712345678901-123' }),
    });
    const { user, dialog } = await openDialog();
    await fill(user, dialog);
    const listLoads = calls('GET', '/api/admin/customers').length;
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastText()).toBe('Customer Account Created|Customer account created successfully and password setup email sent|default'));
    expect(bodyOf('POST', '/api/admin/create-customer')).toEqual({
      firstName: 'Mary',
      lastName: 'Jackson',
      email: 'mary@example.com',
      phone: null,
      orderId: 'SP-1712345678901-123',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls('GET', '/api/admin/customers').length).toBeGreaterThan(listLoads));
    await user.click(screen.getByRole('button', { name: 'Create Customer Account' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText<HTMLInputElement>('First Name').value).toBe('');
  });

  it("says 'Error' with the server's message or 'Failed to create customer account', keeping what was typed", async () => {
    signedInStore([record()], [], { 'POST /api/admin/create-customer': () => json(404, { message: 'Order not found' }) });
    const { user, dialog } = await openDialog();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastText()).toBe('Error|Order not found|destructive'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Order ID').value).toBe('SP-1712345678901-123');
    expect(screen.getByRole('dialog')).toBeTruthy();

    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(toastText()).toBe('Error|Failed to create customer account|destructive'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('First Name').value).toBe('Mary');
  });

  it("checks the fields with the contract's rules before calling the server", async () => {
    signedInStore();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Order ID is required')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(calls('POST', '/api/admin/create-customer')).toHaveLength(0);
  });

  /** The server as it answers an order of another address: refused unless the move is confirmed. */
  const ownedElsewhere: Handler = (init) =>
    (JSON.parse(init!.body as string) as { confirmMove?: boolean }).confirmMove
      ? json(201, { message: 'Customer account created successfully and password setup email sent', customer: { id: 'c9', email: 'mary@example.com', firstName: 'Mary' }, orderId: 'SP-1712345678901-123' })
      : json(409, {
          message: 'This order belongs to m***@example.com. Moving it to mary@example.com gives that address its subscription and credentials. Nothing was changed.',
          currentOwner: 'm***@example.com',
        });

  it('shows whose order it is and moves it only on the second, explicit button', async () => {
    signedInStore([record()], [], { 'POST /api/admin/create-customer': ownedElsewhere });
    const { user, dialog } = await openDialog();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This order belongs to m***@example.com');
    expect(within(dialog).queryByRole('button', { name: 'Create Account' })).toBeNull();
    expect(toastText()).toBe('');
    expect(calls('POST', '/api/admin/create-customer')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Move order to mary@example.com' }));
    await waitFor(() => expect(toastText()).toBe('Customer Account Created|Customer account created successfully and password setup email sent|default'));
    expect(bodyOf('POST', '/api/admin/create-customer', 1)).toEqual({
      firstName: 'Mary',
      lastName: 'Jackson',
      email: 'mary@example.com',
      phone: null,
      orderId: 'SP-1712345678901-123',
      confirmMove: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel on that question sends nothing more, and an edit asks the server again', async () => {
    signedInStore([record()], [], { 'POST /api/admin/create-customer': ownedElsewhere });
    const { user, dialog } = await openDialog();
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await within(dialog).findByRole('alert');
    // Editing the email withdraws the question: the confirmation was for the address it named.
    await user.type(within(dialog).getByLabelText('Email'), 'x');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create Account' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await within(dialog).findByRole('button', { name: 'Move order to mary@example.comx' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/api/admin/create-customer')).toHaveLength(2);
    expect(calls('POST', '/api/admin/create-customer').every((call) => !('confirmMove' in (JSON.parse(call.init!.body as string) as object)))).toBe(true);
  });
});

// ---- /admin ----------------------------------------------------------------------------------

describe('the subscriptions and notifications dashboard (/admin)', () => {
  it('shows the summary and each record with its last-8 order id, spaced status and collapsible credentials', async () => {
    signedInStore([record({ status: 'pending_activation' })]);
    const { user } = renderAt('/admin');
    const card = await screen.findByTestId('customer-record');
    for (const text of ['Mary Jackson', 'mary@example.com', '1 Month Premium', '1 Month', '$21.98', 'Jun 10, 2025']) expect(card.textContent).toContain(text);
    // A box waiting for its first use: its time has not begun, so no expiry date.
    expect(within(card).getByText('Expires').nextSibling?.textContent).toBe('Starts on activation');
    expect(card.textContent).not.toContain('Jul 10, 2025');
    expect(within(card).getByTestId('short-order-id').textContent).toBe('8901-123');
    const status = within(card).getByTestId('admin-status');
    expect(status.textContent).toBe('pending activation');
    expect(status.className).toContain('text-warning');

    // The spec's count of records beside them (every status), then the active ones (status active) in words.
    const summary = await screen.findByRole('region', { name: 'Customer subscriptions summary' });
    expect(within(summary).getByText('Active Subscriptions').nextSibling?.textContent).toBe('3 records, 2 active');
    expect(within(summary).getByText('Total Revenue').nextSibling?.textContent).toBe('$1,250.40');
    expect(within(summary).getByText('Total Devices').nextSibling?.textContent).toBe('5');
    expect(within(summary).getByText('Unique Customers').nextSibling?.textContent).toBe('2');

    expect(within(card).queryByTestId('device-credential')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Device Credentials' }));
    expect(within(card).getByTestId('server-address').textContent).toBe('http://tv.example.com');
    const devices = within(card).getAllByTestId('device-credential');
    expect(devices[0]!.textContent).toContain('Device number 1');
    expect(within(devices[0]!).getByText('Active')).toBeTruthy();
    expect(within(devices[1]!).getByText('Inactive')).toBeTruthy();
    await user.click(within(devices[1]!).getByRole('button', { name: 'Copy password' }));
    await waitFor(() => expect(toastText()).toBe('Copied!|Password copied to clipboard|default'));
    expect(await navigator.clipboard.readText()).toBe('pw-two');
  });

  it('searches the customers on the server and pages by its total, with no cache-buster on /admin', async () => {
    signedInStore();
    const { user } = renderAt('/admin');
    await screen.findByTestId('customer-record');
    expect(calls('GET', '/api/admin/customers')[0]!.url.searchParams.has('_')).toBe(false);
    await user.type(screen.getByRole('searchbox', { name: 'Search customer subscriptions' }), 'mary');
    await waitFor(() => expect(calls('GET', '/api/admin/customers').at(-1)!.url.searchParams.get('q')).toBe('mary'));
    expect(screen.getByText('1-1 of 1')).toBeTruthy();
    expect((screen.getAllByRole('button', { name: 'Next' })[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows debug information for a record without credentials', async () => {
    signedInStore([record({ deviceCredentials: [], status: 'active' })]);
    const { user } = renderAt('/admin');
    const card = await screen.findByTestId('customer-record');
    await user.click(within(card).getByRole('button', { name: 'Device Credentials' }));
    expect(within(card).getByText('No device credentials found for this customer.')).toBeTruthy();
    const debug = within(card).getByText('Debug information').nextElementSibling!;
    expect(debug.textContent).toContain('Subscription ID: sub-1');
    expect(debug.textContent).toContain('Order ID: SP-1712345678901-123');
  });

  it('lists the purchase notifications with how long ago each was, and its summary', async () => {
    // Five minutes before this test, not before the file loaded: a busy host may start it a minute later.
    signedInStore([record()], [{ ...notification, timestamp: new Date(Date.now() - 5 * 60_000).toISOString() }]);
    const { user } = renderAt('/admin');
    await user.click(await screen.findByRole('link', { name: 'Purchase Notifications' }));
    const entry = await screen.findByTestId('purchase-notification');
    for (const text of ['SP-1712345678901-123', '5 minutes ago', '1 Month Premium', '$21.98', 'mary@example.com', '1 Month', '2', 'Chewy']) expect(entry.textContent).toContain(text);
    const summary = screen.getByRole('region', { name: 'Purchase notifications summary' });
    expect(within(summary).getByText('Total Orders').nextSibling?.textContent).toBe('4');
    expect(within(summary).getByText('Revenue').nextSibling?.textContent).toBe('$87.92');
  });

  it('marks a refunded purchase, and only that one', async () => {
    signedInStore([record()], [{ ...notification, id: 'n2', orderId: 'SP-1712345678999-456', refunded: true }, notification]);
    const { user } = renderAt('/admin');
    await user.click(await screen.findByRole('link', { name: 'Purchase Notifications' }));
    const [refunded, kept] = await screen.findAllByTestId('purchase-notification');
    expect(within(refunded!).getByTestId('notification-refunded').textContent).toBe('Refunded');
    expect(refunded!.textContent).toContain('SP-1712345678999-456');
    expect(within(kept!).queryByTestId('notification-refunded')).toBeNull();
  });

  it('says so when there are no subscriptions and no notifications', async () => {
    signedInStore([], []);
    const { user } = renderAt('/admin');
    expect(await screen.findByText('No Customer Subscriptions')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Purchase Notifications' }));
    expect(await screen.findByText('No Purchase Notifications')).toBeTruthy();
  });
});
