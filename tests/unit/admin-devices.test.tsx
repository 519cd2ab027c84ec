// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCustomerRecord } from '../../src/contract/admin';
import type { AdminOrderDetail, AdminOrderSummary } from '../../src/contract/admin-orders';
import type { DeviceStatus } from '../../src/contract/devices';
import { ADMIN_SESSION, bodyOf, calls, EMPTY_STATS, json, orderSummary, renderAt, serve, toastText, useAdminUi as setUpAdminUi, type Handler } from '../support/admin-ui';

// Not a React hook, whatever its name: it registers this file's vitest hooks.
setUpAdminUi();
beforeAll(async () => {
  await import('../../src/client/features/admin/orders/OrdersTab');
});


const order: AdminOrderSummary = orderSummary({ giftCardDelivered: true });

function detail(devicesSuspended = false): AdminOrderDetail {
  return {
    order,
    renewsSubscriptionId: null,
    customer: { id: 'c1', email: order.customerEmail, hasAccount: true },
    payment: { subtotalAmount: '21.98', couponDiscount: '0.00', totalAmount: '21.98', cashbackAmount: '10.00', providerReference: 'pi_demo_1', refundedAmount: '0.00', receivedAmount: null, refundableAmount: '21.98' },
    refunds: [],
    subscription: {
      id: 's1',
      status: 'active',
      startDate: '2026-11-20T10:02:00Z',
      expirationDate: '2026-12-20T10:02:00Z',
      deviceCount: 2,
      graceEndsAt: null,
      graceSuspended: false,
      credentials: [
        { id: 'd1', deviceNumber: 1, username: 'sp_mary1', password: 'pw-one', isActive: true, enabled: !devicesSuspended, label: 'Kitchen tablet', kind: 'line', mac: null },
        { id: 'd2', deviceNumber: 2, username: 'mag_1', password: 'unused', isActive: true, enabled: !devicesSuspended, label: null, kind: 'mag', mac: '00:1A:79:12:34:56' },
      ],
      devicesSuspended,
    },
    shipment: null,
    emails: { orderConfirmationSentAt: null, outbox: [] },
    audit: [],
    policiesAccepted: [],
    agreement: null,
    dispute: null,
  };
}

const status = (overrides: Partial<DeviceStatus> = {}): DeviceStatus => ({
  available: true,
  online: true,
  activeConnections: 1,
  maxConnections: 1,
  enabled: true,
  lastSeenAt: null,
  demo: false,
  ...overrides,
});

function store(extra: Record<string, Handler> = {}, records: AdminCustomerRecord[] = []) {
  serve({
    'GET /api/admin/auth': () => json(200, ADMIN_SESSION),
    'GET /api/admin/stats': () => json(200, EMPTY_STATS),
    'GET /api/admin/customers': () => json(200, records, { 'x-total-count': String(records.length) }),
    'GET /api/purchase-notifications': () => json(200, [], { 'x-total-count': '0' }),
    'GET /api/admin/orders': () => json(200, [order], { 'x-total-count': '1' }),
    'GET /api/admin/devices/d1/status': () => json(200, status()),
    'GET /api/admin/devices/d2/status': () => json(200, status({ available: false, online: null, activeConnections: null })),
    ...extra,
  });
}

async function openOrder(user: ReturnType<typeof renderAt>['user']) {
  await user.click(await screen.findByRole('button', { name: order.id }));
  return screen.findByTestId('order-detail');
}

describe("the devices of an order, in the admin's order view", () => {
  it("shows each device's login (a box: its MAC), live state and the customer's actions", async () => {
    store({ [`GET /api/admin/orders/${order.id}`]: () => json(200, detail()) });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user);
    const devices = await within(dialog).findAllByTestId('order-credential');
    expect(devices).toHaveLength(2);
    expect(devices[0]!.textContent).toContain('Kitchen tablet');
    expect(await within(devices[0]!).findByText('Online now, 1 of 1 stream playing')).toBeTruthy();
    expect(within(devices[0]!).getByTestId('device-enabled').textContent).toBe('Enabled');
    expect(await within(devices[1]!).findByText('Live status unavailable')).toBeTruthy();
    expect(within(devices[1]!).getByText('00:1A:79:12:34:56')).toBeTruthy();
    expect(within(devices[1]!).getByRole('button', { name: 'Copy MAC address' })).toBeTruthy();
    expect(within(devices[1]!).queryByText('unused')).toBeNull();

    const lineActions = within(devices[0]!).getByRole('group', { name: 'Actions for Kitchen tablet' });
    expect(within(lineActions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Rename', 'New password', 'Reset ISP lock', 'Turn off']);
    const boxActions = within(devices[1]!).getByRole('group', { name: 'Actions for Device 2' });
    expect(within(boxActions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Rename', 'Change MAC', 'Reset ISP lock', 'Turn off']);
  });

  it("changes a device through the admin's calls: a new password, shown once", async () => {
    store({
      [`GET /api/admin/orders/${order.id}`]: () => json(200, detail()),
      'POST /api/admin/devices/d1/password': () => json(200, { xtreamUsername: 'sp_mary1', xtreamPassword: 'Fresh-Pass-9' }),
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user);
    const [device] = await within(dialog).findAllByTestId('order-credential');
    await user.click(within(device!).getByRole('button', { name: 'New password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change password' });
    await user.click(within(confirm).getByRole('button', { name: 'Change password' }));
    const shown = await screen.findByRole('dialog', { name: 'New password for Kitchen tablet' });
    expect(within(shown).getByText('Fresh-Pass-9')).toBeTruthy();
    // The order view knows no server address: no playlist link to show.
    expect(within(shown).queryByText('M3U Playlist URL')).toBeNull();
    expect(calls('POST', '/api/admin/devices/d1/password')).toHaveLength(1);
    expect(calls('POST', '/api/devices/d1/password')).toHaveLength(0);
    await waitFor(() => expect(calls('GET', `/api/admin/orders/${order.id}`).length).toBeGreaterThanOrEqual(2));
  });

  it("disables all devices of the subscription after asking, and says the customer cannot turn them on", async () => {
    let suspended = false;
    store({
      [`GET /api/admin/orders/${order.id}`]: () => json(200, detail(suspended)),
      'POST /api/admin/subscriptions/s1/disable-devices': () => {
        suspended = true;
        return json(200, { subscriptionId: 's1', suspended: true, changed: 2 });
      },
      'POST /api/admin/subscriptions/s1/enable-devices': () => {
        suspended = false;
        return json(200, { subscriptionId: 's1', suspended: false, changed: 2 });
      },
    });
    const { user } = renderAt('/admin?tab=orders');
    const dialog = await openOrder(user);
    expect((await within(dialog).findByTestId('devices-suspended')).textContent).toBe('The customer controls these devices.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable all devices' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable all devices of this subscription?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls('POST', '/api/admin/subscriptions/s1/disable-devices')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Disable all devices' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disable all devices of this subscription?' })).getByRole('button', { name: 'Disable all devices' }));
    await waitFor(() => expect(toastText()).toBe('Devices Disabled|2 devices turned off; the customer cannot turn them on.|default'));
    await waitFor(() => expect(within(dialog).getByTestId('devices-suspended').textContent).toBe('All devices disabled by the store: the customer cannot turn them on.'));

    await user.click(within(dialog).getByRole('button', { name: 'Enable all devices' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Enable all devices of this subscription?' })).getByRole('button', { name: 'Enable all devices' }));
    await waitFor(() => expect(toastText()).toBe('Devices Enabled|2 devices turned on again.|default'));
    expect(calls('POST', '/api/admin/subscriptions/s1/enable-devices')).toHaveLength(1);
  });
});

describe("the devices of a customer record (the admin's customer view)", () => {
  const record: AdminCustomerRecord = {
    id: 'sub-1',
    orderId: order.id,
    customerName: 'Mary Jackson',
    customerEmail: 'mary@example.com',
    packageName: '1 Month Premium',
    subscriptionLength: '1 Month',
    giftCardChoice: 'Chewy',
    paymentDate: '2026-11-20T10:01:00Z',
    totalAmount: '21.98',
    currency: 'USD',
    deviceCount: 1,
    status: 'active',
    expirationDate: '2026-12-20T10:02:00Z',
    graceEndsAt: null,
    graceSuspended: false,
    xtreamServer: 'http://tv.example.com',
    deviceCredentials: [
      { id: 'd1', deviceName: 'Device 1', deviceNumber: 1, isActive: true, xtreamUsername: 'sp_mary1', xtreamPassword: 'pw-one', label: null, epgUrl: 'http://tv.example.com/xmltv.php?username=sp_mary1&password=pw-one', kind: 'line', mac: null, portalUrl: null, enabled: true },
    ],
  };

  it("renames a device with the admin's call and offers to disable all of the subscription's devices", async () => {
    store({ 'PATCH /api/admin/devices/d1': () => json(200, { ...record.deviceCredentials[0], label: 'Den TV' }) }, [record]);
    const { user } = renderAt('/admin-dashboard');
    const [row] = await screen.findAllByTestId('customer-row');
    await user.click(within(row!).getByRole('button', { name: 'View Credentials' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device Credentials' });
    expect(await within(dialog).findByText('Online now, 1 of 1 stream playing')).toBeTruthy();
    expect(within(dialog).getByText('http://tv.example.com/xmltv.php?username=sp_mary1&password=pw-one')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Disable all devices' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename device' });
    await user.type(within(rename).getByLabelText('Device name'), 'Den TV');
    await user.click(within(rename).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toastText()).toBe('Device Renamed|Device 1 is now called Den TV.|default'));
    expect(bodyOf('PATCH', '/api/admin/devices/d1')).toEqual({ label: 'Den TV' });
    await waitFor(() => expect(calls('GET', '/api/admin/customers').length).toBeGreaterThanOrEqual(2));
  });
});
