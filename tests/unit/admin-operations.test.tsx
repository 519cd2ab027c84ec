// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/contract/admin-audit';
import type { OutboxMail } from '../../src/contract/admin-outbox';
import type { AdminPackage } from '../../src/contract/admin-packages';
import { bodyOf, calls, EMPTY_ADMIN, json, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
// The tabs load lazily in the store; loaded once here, each test's first render finds them ready.
beforeAll(async () => {
  await Promise.all(
    ['PackagesTab', 'RevenueTab', 'ExportsTab', 'AuditLogTab', 'OutboxTab'].map((name) => import(`../../src/client/features/admin/operations/${name}.tsx`)),
  );
});

const DAY = 24 * 3600_000;
const STATS = {
  subscriptions: { count: 0, active: 0, uniqueCustomers: 0, devices: 0 },
  revenue: { total: '0.00', thisMonth: '0.00', paidOrders: 0 },
  notifications: { count: 0, revenue: '0.00', devices: 0, uniqueCustomers: 0 },
  revenueByDay: [],
  waiting: { needsReview: 0, giftCardsOwed: 0, boxesToShip: 0, openTickets: 0 },
};

function pkg(overrides: Partial<AdminPackage> = {}): AdminPackage {
  return {
    id: 'pkg-1m',
    name: '1 Month Premium',
    duration: '1 Month',
    price: '15.99',
    cashback: '10.00',
    channels: '18,000+',
    quality: '4K',
    devices: 4,
    vod: '100,000+',
    features: ['18,000+ channels', '4K Ultra HD'],
    popular: false,
    requiresShipping: false,
    hidden: false,
    ...overrides,
  };
}

const revenueDays = (days: number) =>
  Array.from({ length: days }, (_, index) => ({ date: new Date(Date.now() - (days - 1 - index) * DAY).toISOString().slice(0, 10), revenue: index === days - 1 ? '43.96' : '0.00', orders: index === days - 1 ? 2 : 0, currency: 'USD' }));

function store(extra: Record<string, Handler> = {}) {
  serve({ ...EMPTY_ADMIN, 'GET /api/admin/stats': () => json(200, STATS), ...extra });
}

describe('one admin navigation for both admin pages', () => {
  it('/admin-dashboard links every section of /admin under its group, and /admin opens the one the link names', async () => {
    store({ 'GET /api/admin/outbox': () => json(200, [], { 'x-total-count': '0' }) });
    const { user, location } = renderAt('/admin-dashboard');
    const sections = await screen.findByRole('navigation', { name: 'Store operations' });
    expect(within(sections).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Sales', 'Fulfilment', 'Catalog', 'Customers', 'System']);
    const linksOf = (group: string) =>
      within(within(sections).getByRole('list', { name: group }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(linksOf('Sales')).toEqual([
      ['Orders', '/admin?tab=orders'],
      ['Needs Review', '/admin?tab=review'],
      ['Purchase Notifications', '/admin?tab=notifications'],
      ['Revenue', '/admin?tab=revenue'],
      ['Renewals', '/admin?tab=renewals'],
      ['Trials', '/admin?tab=trials'],
    ]);
    expect(linksOf('Fulfilment')).toEqual([
      ['Gift Cards', '/admin?tab=gift-cards'],
      ['Shipments', '/admin?tab=shipments'],
    ]);
    expect(linksOf('Catalog')).toEqual([
      ['Packages', '/admin?tab=packages'],
      ['Coupons', '/admin?tab=coupons'],
    ]);
    expect(linksOf('Customers')).toEqual([
      ['Customer Subscriptions', '/admin'],
      ['Support', '/admin?tab=support'],
      ['Blocklist', '/admin?tab=blocklist'],
    ]);
    expect(linksOf('System')).toEqual([
      ['Exports', '/admin?tab=exports'],
      ['Audit Log', '/admin?tab=audit'],
      ['Outbox', '/admin?tab=outbox'],
      ['Panel', '/admin?tab=panel'],
      ['Incidents', '/admin?tab=incidents'],
      ['Policies', '/admin?tab=policies'],
      ['Staff', '/admin?tab=staff'],
      ['My account', '/admin?tab=account'],
    ]);
    // No section of /admin is the page shown here.
    expect(within(sections).queryByRole('link', { current: 'page' })).toBeNull();
    // The spec's title, subtitle and buttons stay as they were.
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Customer Subscription Management')).toBeTruthy();
    for (const name of ['Create Customer Account', 'Refresh', 'Logout']) expect(screen.getByRole('button', { name })).toBeTruthy();

    await user.click(within(sections).getByRole('link', { name: 'Outbox' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=outbox'));
    const nav = await screen.findByRole('navigation', { name: 'Store operations' });
    await waitFor(() => expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Outbox'));
    expect(screen.getByTestId('section-heading').textContent).toBe('Outbox');
    expect(await screen.findByText('Outbox Empty')).toBeTruthy();
    for (const name of ['Force Refresh Customers', 'Refresh Notifications']) expect(screen.getByRole('button', { name })).toBeTruthy();

    // Each section is a new entry in the history, so the browser's back returns to the one before.
    await user.click(within(nav).getByRole('link', { name: 'Customer Subscriptions' }));
    await waitFor(() => expect(location.history).toEqual(['/admin-dashboard', '/admin?tab=outbox', '/admin']));
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('Customer Subscriptions');
    const pages = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(within(pages).getByRole('link', { name: 'Operations' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pages).getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin-dashboard'));
  });

  it('opens the default Customer Subscriptions section for an unknown ?tab=', async () => {
    store();
    renderAt('/admin?tab=nonsense');
    expect(await screen.findByRole('link', { name: 'Customer Subscriptions', current: 'page' })).toBeTruthy();
    expect(await screen.findByText('No Customer Subscriptions')).toBeTruthy();
  });
});

describe('the Packages tab', () => {
  it('lists every package, hidden ones too, and saves an edit with a toast', async () => {
    const box = pkg({ id: 'streaming-box', name: 'Streaming Box', duration: '6 Months', price: '149.99', cashback: '30.00', devices: 1, hidden: true });
    store({
      'GET /api/admin/packages': () => json(200, [pkg(), box]),
      'PATCH /api/admin/packages/pkg-1m': () => json(200, pkg({ name: '1 Month Plus', price: '17.49', popular: true, features: ['18,000+ channels', '4K Ultra HD', 'Catch-up TV'] })),
    });
    const { user } = renderAt('/admin?tab=packages');
    const rows = await screen.findAllByTestId('admin-package');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['1 Month Premium 1 Month', 'Streaming Box 6 Months']);
    expect(rows[0]!.textContent).toContain('$15.99');
    expect(within(rows[1]!).getByText('Hidden')).toBeTruthy();

    await user.click(within(rows[0]!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('Name');
    expect(name.value).toBe('1 Month Premium');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Features (one a line)').value).toBe('18,000+ channels\n4K Ultra HD');
    await user.clear(name);
    await user.type(name, '1 Month Plus');
    const price = within(dialog).getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '17.49');
    await user.type(within(dialog).getByLabelText('Features (one a line)'), '\n\nCatch-up TV');
    await user.click(within(dialog).getByRole('checkbox', { name: "Marked 'Most Popular'" }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    await waitFor(() => expect(toastText()).toBe('Package Saved|1 Month Plus sells at $17.49 from the next checkout.|default'));
    expect(bodyOf('PATCH', '/api/admin/packages/pkg-1m')).toEqual({
      name: '1 Month Plus',
      price: '17.49',
      cashback: '10.00',
      features: ['18,000+ channels', '4K Ultra HD', 'Catch-up TV'],
      devices: 4,
      popular: true,
      hidden: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GET', '/api/admin/packages').length).toBeGreaterThan(1);
  });

  it("shows a hidden package again with one press, and the server's refusal word for word", async () => {
    const box = pkg({ id: 'streaming-box', name: 'Streaming Box', hidden: true });
    store({
      'GET /api/admin/packages': () => json(200, [pkg(), box]),
      'PATCH /api/admin/packages/streaming-box': () => json(200, { ...box, hidden: false }),
      'PATCH /api/admin/packages/pkg-1m': () => json(400, { message: 'Cashback must not be more than the price' }),
    });
    const { user } = renderAt('/admin?tab=packages');
    const rows = await screen.findAllByTestId('admin-package');
    await user.click(within(rows[1]!).getByRole('button', { name: /^Show/ }));
    await waitFor(() => expect(toastText()).toBe('Package Shown|Streaming Box sells at $15.99 from the next checkout.|default'));
    expect(bodyOf('PATCH', '/api/admin/packages/streaming-box')).toEqual({ hidden: false });

    await user.click(within(rows[0]!).getByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    await user.clear(within(dialog).getByLabelText('Cashback ($)'));
    await user.type(within(dialog).getByLabelText('Cashback ($)'), '99.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save Package' }));
    await waitFor(() => expect(toastText()).toBe('Package Not Saved|Cashback must not be more than the price|destructive'));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Cashback ($)').value).toBe('99.00');
  });
});

describe('the Revenue tab', () => {
  it('charts the last 30 days, and 7 or 90 on request', async () => {
    store({ 'GET /api/admin/revenue': (_init, url) => json(200, revenueDays(Number(url.searchParams.get('days')))) });
    const { user } = renderAt('/admin?tab=revenue');
    expect(await screen.findByRole('img', { name: 'Revenue, last 30 days' })).toBeTruthy();
    expect(screen.getByText(/^\$43\.96 in the last 30 days/)).toBeTruthy();
    expect(screen.getByTestId('revenue-orders').textContent).toBe('2 paid orders');
    expect(screen.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByRole('img', { name: 'Revenue, last 7 days' })).toBeTruthy();
    expect(calls('GET', '/api/admin/revenue').map((call) => call.url.searchParams.get('days'))).toEqual(['30', '7']);
    expect(document.querySelectorAll('svg[role="img"] rect')).toHaveLength(7);
  });
});

describe('the Exports tab', () => {
  it('offers the orders and customers CSV as downloads, of every day until dates are set', async () => {
    store();
    const { user } = renderAt('/admin?tab=exports');
    const orders = await screen.findByRole('link', { name: 'Download Orders CSV' });
    expect(orders.getAttribute('href')).toBe('/api/admin/export/orders.csv');
    expect(orders.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download Customers CSV' }).getAttribute('href')).toBe('/api/admin/export/customers.csv');
    expect(screen.getByRole('group', { name: 'Dates in UTC, both included; leave one empty for no limit on that side.' })).toBeTruthy();
    orders.addEventListener('click', (event) => event.preventDefault());
    await user.click(orders);
    expect(toastText()).toBe('Export Started|Orders CSV is downloading.|default');
  });

  it('downloads the days between From and To, kept in the address, and says so when they are the wrong way round', async () => {
    store();
    const { user, location } = renderAt('/admin?tab=exports');
    const from = await screen.findByLabelText<HTMLInputElement>('From');
    await user.type(from, '2030-11-01');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=exports&from=2030-11-01'));
    expect(screen.getByRole('link', { name: 'Download Orders CSV' }).getAttribute('href')).toBe('/api/admin/export/orders.csv?from=2030-11-01');
    await user.type(screen.getByLabelText('To'), '2030-11-30');
    await waitFor(() => expect(location.history.at(-1)).toBe('/admin?tab=exports&from=2030-11-01&to=2030-11-30'));
    const customers = screen.getByRole('link', { name: 'Download Customers CSV' });
    expect(customers.getAttribute('href')).toBe('/api/admin/export/customers.csv?from=2030-11-01&to=2030-11-30');
    customers.addEventListener('click', (event) => event.preventDefault());
    await user.click(customers);
    expect(toastText()).toBe('Export Started|Customers CSV from 2030-11-01 to 2030-11-30 is downloading.|default');

    await user.clear(from);
    await user.type(from, '2030-12-01');
    expect((await screen.findByRole('alert')).textContent).toBe('From must be on or before To: change one of the dates to download.');
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
    for (const name of ['Download Orders CSV', 'Download Customers CSV']) expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
  });

  it('opens with the dates the address names', async () => {
    store();
    renderAt('/admin?tab=exports&to=2030-11-30');
    expect((await screen.findByLabelText<HTMLInputElement>('To')).value).toBe('2030-11-30');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('');
    expect(screen.getByRole('link', { name: 'Download Orders CSV' }).getAttribute('href')).toBe('/api/admin/export/orders.csv?to=2030-11-30');
  });
});

describe('the Audit Log and Outbox tabs', () => {
  it('lists admin changes newest first as sentences, who and when beside them, the fields under Details, paged by the total', async () => {
    const entry: AuditEntry = {
      id: 'au1',
      actorType: 'admin',
      adminUsername: 'store-owner',
      action: 'order.refund',
      targetType: 'order',
      targetId: 'SP-1700000000000-123',
      before: { paymentStatus: 'completed' },
      after: { paymentStatus: 'refunded', amount: '15.99', note: 'customer asked' },
      createdAt: '2026-11-24T10:15:00Z',
    };
    store({ 'GET /api/admin/audit-log': () => json(200, [entry], { 'x-total-count': '26' }) });
    const { user } = renderAt('/admin?tab=audit');
    const item = await screen.findByTestId('audit-entry');
    expect(within(item).getByTestId('audit-sentence').textContent).toBe('Refunded $15.99 of SP-1700000000000-123 (customer asked)');
    expect(item.textContent).toContain('by store-owner, Nov 24, 2026, 10:15 AM');
    const details = item.querySelector('details')!;
    expect(details.open).toBe(false);
    await user.click(within(item).getByText('Details'));
    expect(details.open).toBe(true);
    expect([...details.querySelectorAll('li')].map((line) => line.textContent)).toEqual(['paymentStatus: completed → refunded', 'amount: 15.99', 'note: customer asked']);
    expect(details.querySelector('p')!.textContent).toBe('order.refund on order SP-1700000000000-123');
    expect(screen.getByText('1-1 of 26')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls('GET', '/api/admin/audit-log').at(-1)!.url.searchParams.get('offset')).toBe('25'));
  });

  it('shows a sign-in and an export by who and from where, with what was exported, and no arrows from nothing', async () => {
    const at = '2026-11-24T10:15:00Z';
    const entries: AuditEntry[] = [
      { id: 'au3', actorType: 'admin', adminUsername: 'store-owner', action: 'export.download', targetType: 'export', targetId: 'orders', before: {}, after: { address: '203.0.113.7', filters: { from: '2026-11-01', to: null } }, createdAt: at },
      { id: 'au2', actorType: 'admin', adminUsername: 'store-owner', action: 'admin.sign_in', targetType: 'admin', targetId: '3f0c9f8e-6a1e-4a8e-9f7e-2b1d7c3a9e10', before: {}, after: { address: '203.0.113.7' }, createdAt: at },
    ];
    store({ 'GET /api/admin/audit-log': () => json(200, entries, { 'x-total-count': '2' }) });
    renderAt('/admin?tab=audit');
    await screen.findAllByTestId('audit-entry');
    const [exported, signedIn] = screen
      .getAllByTestId('audit-entry')
      .map((item) => [within(item).getByTestId('audit-sentence').textContent, item.querySelector('details p')!.textContent, [...item.querySelectorAll('li')].map((line) => line.textContent)]);
    expect(exported).toEqual(['Downloaded the orders CSV from 2026-11-01 on', 'export.download on export orders', ['address: 203.0.113.7', 'filters: {"from":"2026-11-01","to":null}']]);
    expect(signedIn).toEqual(['Signed in from 203.0.113.7', 'admin.sign_in', ['address: 203.0.113.7']]);
  });

  it('filters by admin, action and order on the server, from the first page, keeping the filters in the address', async () => {
    store({ 'GET /api/admin/audit-log': () => json(200, [], { 'x-total-count': '0' }) });
    const { user, location } = renderAt('/admin?tab=audit');
    expect(await screen.findByText('No Admin Changes Yet')).toBeTruthy();
    const lastCall = () => calls('GET', '/api/admin/audit-log').at(-1)!.url.searchParams;

    await user.type(screen.getByLabelText('Admin (username)'), ' clerk ');
    await waitFor(() => expect(lastCall().get('actor')).toBe('clerk'));
    expect(location.history.at(-1)).toBe('/admin?tab=audit&actor=clerk');

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Refund' }));
    await waitFor(() => expect(lastCall().get('action')).toBe('order.refund'));
    expect(location.history.at(-1)).toBe('/admin?tab=audit&actor=clerk&action=order.refund');

    await user.type(screen.getByLabelText('Order ID'), 'SP-1700000000000-123');
    await waitFor(() => expect(lastCall().get('orderId')).toBe('SP-1700000000000-123'));
    expect(lastCall().get('actor')).toBe('clerk');
    expect(lastCall().get('offset')).toBe('0');
    expect(location.history.at(-1)).toBe('/admin?tab=audit&actor=clerk&action=order.refund&orderId=SP-1700000000000-123');
    expect(await screen.findByText('No Matching Changes')).toBeTruthy();

    // Back to every action.
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'All actions' }));
    await waitFor(() => expect(lastCall().get('action')).toBeNull());
    expect(location.history.at(-1)).toBe('/admin?tab=audit&actor=clerk&orderId=SP-1700000000000-123');
  });

  it('opens with the filters the address names, the action select offering every action the log records', async () => {
    store({ 'GET /api/admin/audit-log': () => json(200, [], { 'x-total-count': '0' }) });
    const { user } = renderAt('/admin?tab=audit&actor=clerk&action=shipment.update&orderId=SP-1-2');
    await screen.findByText('No Matching Changes');
    const asked = calls('GET', '/api/admin/audit-log')[0]!.url.searchParams;
    expect([asked.get('actor'), asked.get('action'), asked.get('orderId')]).toEqual(['clerk', 'shipment.update', 'SP-1-2']);
    expect(screen.getByLabelText<HTMLInputElement>('Admin (username)').value).toBe('clerk');
    expect(screen.getByLabelText<HTMLInputElement>('Order ID').value).toBe('SP-1-2');
    const action = screen.getByRole('combobox', { name: 'Action' });
    expect(action.textContent).toBe('Shipment change');
    await user.click(action);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'All actions',
      'Sign-in',
      'Sign-out',
      'Sign-in refused',
      'Recovery code used',
      'Two-factor sign-in turned on',
      'Two-factor sign-in turned off',
      'CSV export',
      'Refund',
      'Order completed as it stands',
      'Service setup retried',
      'Gift card delivery',
      'Customer account created',
      'Dispute opened',
      'Dispute won',
      'Dispute lost',
      'Dispute evidence submitted',
      'Early fraud warning refunded',
      'Shipment change',
      'Coupon created',
      'Coupon change',
      'Win-back coupon chosen',
      'Daily trial budget set',
      'Package change',
      'Currency on or off',
      'Device renamed',
      'Set-top box MAC change',
      'Device made a set-top box',
      'Device password changed',
      'Device ISP lock reset',
      'Device turned off',
      'Device turned on',
      'All devices of a subscription disabled',
      'Devices of a subscription enabled again',
      'Lines suspended after the grace period',
      'Automatic renewal retried',
      'Automatic renewal turned off',
      'Failed renewal dismissed',
      'Incident posted',
      'Incident ended',
      'Incident compensated',
      'Policy edited',
      'Blocklist entry added',
      'Blocklist entry removed',
      'Blocked buyer refused',
      'Staff member added',
      'Staff member changed',
      'Two-factor rule for staff',
      'Password changed',
      'Ticket status or assignee changed',
      'Ticket resolved after 7 days',
      'Canned reply changed',
      'Support response target changed',
      'Goodwill days added',
    ]);
  });

  it('says when no admin has changed anything yet', async () => {
    store({ 'GET /api/admin/audit-log': () => json(200, [], { 'x-total-count': '0' }) });
    renderAt('/admin?tab=audit');
    expect(await screen.findByText('No Admin Changes Yet')).toBeTruthy();
  });

  it('lists the kept emails, each opening to its text', async () => {
    const mail: OutboxMail = { id: 'm1', to: 'mary@example.com', subject: 'Your box is on its way', text: 'Tracking number: 1Z999AA10123456784', createdAt: '2026-11-24T10:15:00Z' };
    let answer!: (response: Response) => void;
    store({ 'GET /api/admin/outbox': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderAt('/admin?tab=outbox');
    await waitFor(() => expect(calls('GET', '/api/admin/outbox')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    answer(json(200, [mail], { 'x-total-count': '1' }));
    const item = await screen.findByTestId('outbox-mail');
    expect(item.textContent).toContain('to mary@example.com');
    await user.click(within(item).getByText('Your box is on its way'));
    expect(within(item).getByText('Tracking number: 1Z999AA10123456784')).toBeTruthy();
    expect(item.querySelector('details')!.open).toBe(true);
  });

  it('searches the outbox by recipient on the server, from the first page, keeping the search in the address', async () => {
    const mail: OutboxMail = { id: 'm1', to: 'mary@example.com', subject: 'Your box is on its way', text: 'Tracking', createdAt: '2026-11-24T10:15:00Z' };
    store({ 'GET /api/admin/outbox': (_init, url) => (url.searchParams.get('recipient') === 'nobody' ? json(200, [], { 'x-total-count': '0' }) : json(200, [mail], { 'x-total-count': '1' })) });
    const { user, location } = renderAt('/admin?tab=outbox');
    await screen.findByTestId('outbox-mail');
    expect(calls('GET', '/api/admin/outbox')[0]!.url.searchParams.get('recipient')).toBeNull();
    const search = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Recipient' });
    await user.type(search, 'MARY@');
    await waitFor(() => expect(calls('GET', '/api/admin/outbox').at(-1)!.url.searchParams.get('recipient')).toBe('MARY@'));
    expect(location.history.at(-1)).toBe('/admin?tab=outbox&recipient=MARY%40');
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No Matching Emails')).toBeTruthy();
    expect(screen.getByText('No kept email went to an address containing "nobody".')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/admin?tab=outbox&recipient=nobody');
  });

  it('opens the outbox searched as the address says', async () => {
    store({ 'GET /api/admin/outbox': () => json(200, [], { 'x-total-count': '0' }) });
    renderAt('/admin?tab=outbox&recipient=ann_lee');
    expect(await screen.findByText('No Matching Emails')).toBeTruthy();
    expect(calls('GET', '/api/admin/outbox')[0]!.url.searchParams.get('recipient')).toBe('ann_lee');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Recipient' }).value).toBe('ann_lee');
  });
});
