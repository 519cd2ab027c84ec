import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '../../src/contract/admin-orders';
import { auditLog } from '../../src/server/schema';
import { signInAdmin, TEST_ADMIN } from '../support/admins';
import { deviceCall, deviceNow, ownerWithDevices } from '../support/devices';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/** The store owner's view of every customer's devices (decision 0039), against the panel's stand-in. */

const stand = usePanelStandIn();
const t = useTestApp(stand.env);

describe("the owner's device actions", () => {
  it('shows each device in the order detail and acts on it as the customer can, audited with the admin as actor, unlimited', async () => {
    const owner = await ownerWithDevices(t, 2);
    const admin = await signInAdmin(t);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${owner.orderId}`, cookies: admin })).json<AdminOrderDetail>();
    expect(detail.subscription).toMatchObject({ id: owner.subscriptionId, devicesSuspended: false });
    expect(detail.subscription!.credentials).toEqual(
      owner.devices.map((device) => ({
        id: device.id,
        deviceNumber: device.deviceNumber,
        username: device.xtreamUsername,
        password: device.xtreamPassword,
        isActive: true,
        enabled: true,
        label: null,
        kind: 'line',
        mac: null,
      })),
    );

    const [device] = owner.devices;
    stand.panel.playOn(device!.xtreamUsername, 1, 1_900_000_000);
    expect((await deviceCall(t, admin, device!.id, 'status')).json()).toMatchObject({ available: true, online: true, activeConnections: 1, maxConnections: 1 });
    expect((await deviceCall(t, admin, device!.id, 'rename', { label: 'Abuse check' })).json()).toMatchObject({ label: 'Abuse check' });
    // The owner is not held to the customer's 10 a day.
    let password = '';
    for (let i = 0; i < 11; i++) {
      const changed = await deviceCall(t, admin, device!.id, 'password');
      expect(changed.statusCode).toBe(200);
      password = changed.json<{ xtreamPassword: string }>().xtreamPassword;
    }
    expect(stand.panel.lineOf(device!.xtreamUsername)!.password).toBe(password);
    expect((await deviceCall(t, admin, device!.id, 'isp-reset')).statusCode).toBe(200);
    expect((await deviceCall(t, admin, device!.id, 'disable')).json()).toMatchObject({ enabled: false });
    expect((await deviceCall(t, admin, device!.id, 'enable')).json()).toMatchObject({ enabled: true });
    expect(await deviceNow(t, owner.cookies, device!.id)).toMatchObject({ label: 'Abuse check', xtreamPassword: password, enabled: true });

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.orderId));
    const deviceRows = rows.filter((row) => row.action.startsWith('device.'));
    expect(deviceRows).toHaveLength(15);
    for (const row of deviceRows) expect(row).toMatchObject({ actorType: 'admin', adminUsername: TEST_ADMIN.username, customerId: null });
    expect(JSON.stringify(rows)).not.toContain(password);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${owner.orderId}`, cookies: admin })).json<AdminOrderDetail>();
    expect(shown.audit.map((entry) => entry.action)).toContain('device.new_password');
  });

  it('disables every device of a subscription for abuse, keeps its customer from turning them on, and lifts it', async () => {
    const owner = await ownerWithDevices(t, 2);
    const admin = await signInAdmin(t);
    const lines = owner.devices.map((device) => stand.panel.lineOf(device.xtreamUsername)!);
    const suspended = await t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${owner.subscriptionId}/disable-devices`, cookies: admin });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ subscriptionId: owner.subscriptionId, suspended: true, changed: 2 });
    expect(lines.map((line) => line.enabled)).toEqual([false, false]);
    for (const device of owner.devices) expect((await deviceNow(t, owner.cookies, device.id)).enabled).toBe(false);

    const refused = await deviceCall(t, owner.cookies, owner.devices[0]!.id, 'enable');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'The store has suspended the devices of this subscription. Please contact support.' });
    expect(lines[0]!.enabled).toBe(false);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${owner.orderId}`, cookies: admin })).json<AdminOrderDetail>();
    expect(detail.subscription!.devicesSuspended).toBe(true);

    // Repeated, it changes nothing more.
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${owner.subscriptionId}/disable-devices`, cookies: admin })).json()).toMatchObject({ changed: 0 });

    const lifted = await t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${owner.subscriptionId}/enable-devices`, cookies: admin });
    expect(lifted.json()).toEqual({ subscriptionId: owner.subscriptionId, suspended: false, changed: 2 });
    expect(lines.map((line) => line.enabled)).toEqual([true, true]);
    expect((await deviceCall(t, owner.cookies, owner.devices[0]!.id, 'disable')).statusCode).toBe(200);

    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.orderId))).map((row) => row.action);
    expect(actions.filter((action) => action.startsWith('subscription.')).sort()).toEqual([
      'subscription.disable_devices',
      'subscription.disable_devices',
      'subscription.enable_devices',
    ]);
  });

  it('needs an admin session; an unknown device or subscription is 404', async () => {
    const owner = await ownerWithDevices(t, 1);
    const id = owner.devices[0]!.id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/devices/${id}/password` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/devices/${id}/password`, cookies: owner.cookies })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/subscriptions/${owner.subscriptionId}/disable-devices` })).statusCode).toBe(401);
    const admin = await signInAdmin(t);
    const missing = await deviceCall(t, admin, '00000000-0000-4000-8000-000000000000', 'disable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Device not found' });
    const noSubscription = await t.app.inject({ method: 'POST', url: '/api/admin/subscriptions/nope/disable-devices', cookies: admin });
    expect(noSubscription.statusCode).toBe(404);
    expect(noSubscription.json()).toEqual({ message: 'Subscription not found' });
  });
});
