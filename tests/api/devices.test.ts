import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, subscriptions } from '../../src/server/schema';
import { XTREAM_PANEL_STATUS_TIMEOUT_MS } from '../../src/server/providers/provisioning/xtream-panel';
import { seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { deviceCall, deviceNow, ownerWithDevices } from '../support/devices';
import { paidOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/** The customer's own devices against the reseller panel's stand-in (decision 0042). */

const logLines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });
const stand = usePanelStandIn();
const t = useTestApp(stand.env, { logger });

const SERVER = 'http://line.streamplus.tv';
const m3u = (username: string, password: string) => `${SERVER}/get.php?username=${username}&password=${password}&type=m3u_plus&output=ts`;
const xmltv = (username: string, password: string) => `${SERVER}/xmltv.php?username=${username}&password=${password}`;
const actionsSince = (from: number) => stand.panel.requests.slice(from).map((request) => request.action);

describe('a device in its owner hands', () => {
  it('goes through rename, new password, ISP reset, off and on, each with its panel call, the links following the password', async () => {
    const owner = await ownerWithDevices(t);
    const [device] = owner.devices;
    const { xtreamUsername: username, xtreamPassword: oldPassword } = device!;
    expect(device).toMatchObject({ label: null, kind: 'line', mac: null, portalUrl: null, enabled: true, epgUrl: xmltv(username, oldPassword) });
    const line = stand.panel.lineOf(username)!;
    const before = { m3u: m3u(username, oldPassword), xmltv: device!.epgUrl };

    // Rename: the store's own label, no panel call.
    let from = stand.panel.requests.length;
    const renamed = await deviceCall(t, owner.cookies, device!.id, 'rename', { label: '  Living room TV ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: device!.id, label: 'Living room TV' });
    expect(actionsSince(from)).toEqual([]);

    // New password: edit_line with the new one; shown once, the old one stops working on the panel.
    from = stand.panel.requests.length;
    const changed = await deviceCall(t, owner.cookies, device!.id, 'password');
    expect(changed.statusCode, changed.body).toBe(200);
    const { xtreamUsername, xtreamPassword: newPassword } = changed.json<{ xtreamUsername: string; xtreamPassword: string }>();
    expect(xtreamUsername).toBe(username);
    expect(newPassword).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(newPassword).not.toBe(oldPassword);
    expect(actionsSince(from)).toEqual(['edit_line']);
    expect(stand.panel.requests.at(-1)!.fields).toEqual({ id: line.id, password: newPassword });
    expect(line.password).toBe(newPassword);

    // ISP reset: edit_line isp_clear.
    from = stand.panel.requests.length;
    expect((await deviceCall(t, owner.cookies, device!.id, 'isp-reset')).statusCode).toBe(200);
    expect(actionsSince(from)).toEqual(['edit_line']);
    expect(stand.panel.requests.at(-1)!.fields).toEqual({ id: line.id, isp_clear: '1' });
    expect(line.ispClears).toBe(1);

    // Off, then on: disable_line and enable_line of this line only.
    const other = stand.panel.lineOf(owner.devices[1]!.xtreamUsername)!;
    from = stand.panel.requests.length;
    const off = await deviceCall(t, owner.cookies, device!.id, 'disable');
    expect(off.json()).toMatchObject({ enabled: false, isActive: true });
    expect(line.enabled).toBe(false);
    expect(other.enabled).toBe(true);
    const on = await deviceCall(t, owner.cookies, device!.id, 'enable');
    expect(on.json()).toMatchObject({ enabled: true });
    expect(line.enabled).toBe(true);
    expect(actionsSince(from)).toEqual(['disable_line', 'enable_line']);

    const after = await deviceNow(t, owner.cookies, device!.id);
    expect(after).toMatchObject({ label: 'Living room TV', xtreamPassword: newPassword, enabled: true, epgUrl: xmltv(username, newPassword) });
    expect({ m3u: m3u(after.xtreamUsername, after.xtreamPassword), xmltv: after.epgUrl }).toEqual({
      m3u: `${SERVER}/get.php?username=${username}&password=${newPassword}&type=m3u_plus&output=ts`,
      xmltv: `${SERVER}/xmltv.php?username=${username}&password=${newPassword}`,
    });
    expect(before.m3u).toContain(`password=${oldPassword}`);
    expect(before.xmltv).toContain(`password=${oldPassword}`);

    // Each action is in the audit log with the customer as actor, under the device's order.
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.orderId));
    expect(rows.map((row) => row.action).sort()).toEqual(['device.disable', 'device.enable', 'device.isp_reset', 'device.new_password', 'device.rename']);
    for (const row of rows) {
      expect(row).toMatchObject({ actorType: 'customer', customerId: owner.customer.id, adminId: null, adminUsername: owner.customer.email, targetType: 'order' });
      expect(row.after).toMatchObject({ deviceNumber: 1 });
    }
  });

  it('stays off through a renewal, which extends its line without turning it on', async () => {
    const owner = await ownerWithDevices(t, 2);
    const [off, on] = owner.devices.map((device) => stand.panel.lineOf(device.xtreamUsername)!);
    await deviceCall(t, owner.cookies, owner.devices[0]!.id, 'disable');
    const expiryBefore = off!.expDate;
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, devices: 2, customerId: owner.customer.id, email: owner.customer.email, renewsSubscriptionId: owner.subscriptionId });
    await t.services.jobs.drain();
    expect(off!.enabled).toBe(false);
    expect(off!.expDate).toBeGreaterThan(expiryBefore);
    expect(off!.expDate).toBe(on!.expDate);
    expect(on!.enabled).toBe(true);
    expect(await deviceNow(t, owner.cookies, owner.devices[0]!.id)).toMatchObject({ enabled: false, isActive: true });
  });

  it('shows the live state: streams playing against the limit, last seen, enabled', async () => {
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    const idle = await deviceCall(t, owner.cookies, device!.id, 'status');
    expect(idle.statusCode).toBe(200);
    expect(idle.headers['cache-control']).toBe('no-store');
    expect(idle.json()).toEqual({ available: true, online: false, activeConnections: 0, maxConnections: 1, enabled: true, lastSeenAt: null, demo: false });

    stand.panel.playOn(device!.xtreamUsername, 1, 1_900_000_000);
    expect((await deviceCall(t, owner.cookies, device!.id, 'status')).json()).toEqual({
      available: true,
      online: true,
      activeConnections: 1,
      maxConnections: 1,
      enabled: true,
      lastSeenAt: '2030-03-17T17:46:40.000Z',
      demo: false,
    });
    const from = stand.panel.requests.length;
    await deviceCall(t, owner.cookies, device!.id, 'disable');
    const off = (await deviceCall(t, owner.cookies, device!.id, 'status')).json<{ enabled: boolean }>();
    expect(off.enabled).toBe(false);
    expect(actionsSince(from)).toEqual(['disable_line', 'get_line', 'live_connections']);
  });

  it('answers available: false after 3 s when the panel is slow, and when it is down, the credentials staying listed', async () => {
    expect(XTREAM_PANEL_STATUS_TIMEOUT_MS).toBe(3000);
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    const unavailable = { available: false, online: null, activeConnections: null, maxConnections: 1, enabled: true, lastSeenAt: null, demo: false };

    stand.panel.slowDown('get_line', 4500);
    const started = Date.now();
    const slow = await deviceCall(t, owner.cookies, device!.id, 'status');
    const waited = Date.now() - started;
    expect(slow.statusCode).toBe(200);
    expect(slow.json()).toEqual(unavailable);
    expect(waited).toBeGreaterThanOrEqual(2900);
    expect(waited).toBeLessThan(4400);
    stand.panel.reset();

    stand.panel.goDown('error');
    expect((await deviceCall(t, owner.cookies, device!.id, 'status')).json()).toEqual(unavailable);
    expect((await deviceNow(t, owner.cookies, device!.id)).xtreamPassword).toBe(device!.xtreamPassword);
    stand.panel.recover();
  });

  it('changes nothing when the panel refuses or is down, and gives the attempt back', async () => {
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    stand.panel.refuseNext('edit_line');
    const refused = await deviceCall(t, owner.cookies, device!.id, 'password');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: 'The streaming service did not accept the change. Please try again in a few minutes.' });
    expect((await deviceNow(t, owner.cookies, device!.id)).xtreamPassword).toBe(device!.xtreamPassword);

    stand.panel.goDown('error');
    for (const verb of ['password', 'isp-reset', 'disable'] as const) {
      const down = await deviceCall(t, owner.cookies, device!.id, verb);
      expect(down.statusCode, verb).toBe(502);
    }
    stand.panel.recover();
    expect(await deviceNow(t, owner.cookies, device!.id)).toMatchObject({ xtreamPassword: device!.xtreamPassword, enabled: true });
    expect(await t.database.db.select().from(auditLog)).toEqual([]);
    // None of the failures counted: all 10 of the day's password changes are still there.
    for (let i = 0; i < 10; i++) expect((await deviceCall(t, owner.cookies, device!.id, 'password')).statusCode).toBe(200);
  });

  it('allows 10 password changes a day per account, then 429 with Retry-After', async () => {
    const owner = await ownerWithDevices(t, 2);
    const [first, second] = owner.devices;
    for (let i = 0; i < 10; i++) {
      expect((await deviceCall(t, owner.cookies, (i % 2 ? first : second)!.id, 'password')).statusCode).toBe(200);
    }
    const limited = await deviceCall(t, owner.cookies, first!.id, 'password');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many password changes on this account. Please try again in 1440 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    // The other actions have their own allowance; another account its own.
    expect((await deviceCall(t, owner.cookies, first!.id, 'isp-reset')).statusCode).toBe(200);
    const neighbour = await ownerWithDevices(t, 1);
    expect((await deviceCall(t, neighbour.cookies, neighbour.devices[0]!.id, 'password')).statusCode).toBe(200);
  });

  it('refuses actions on an expired, cancelled or suspended subscription, saying why; the status still answers', async () => {
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    const db = t.database.db;
    const cases = [
      [{ status: 'expired', expirationDate: new Date('2020-01-01T00:00:00Z') }, 'This subscription has expired. Renew it to manage its devices.'],
      [{ status: 'active', expirationDate: new Date(Date.now() - 60_000) }, 'This subscription has expired. Renew it to manage its devices.'],
      [{ status: 'cancelled' }, 'This subscription was cancelled when its order was refunded, so its devices can no longer be changed.'],
      [{ devicesSuspendedAt: new Date() }, 'The store has suspended the devices of this subscription. Please contact support.'],
    ] as const;
    const [original] = await db.select().from(subscriptions).where(eq(subscriptions.id, owner.subscriptionId));
    for (const [state, message] of cases) {
      await db.update(subscriptions).set({ status: original!.status, expirationDate: original!.expirationDate, devicesSuspendedAt: null, ...state }).where(eq(subscriptions.id, owner.subscriptionId));
      const from = stand.panel.requests.length;
      for (const verb of ['password', 'isp-reset', 'disable', 'enable'] as const) {
        const refused = await deviceCall(t, owner.cookies, device!.id, verb);
        expect(refused.statusCode, `${verb} ${JSON.stringify(state)}`).toBe(409);
        expect(refused.json()).toEqual({ message });
      }
      expect((await deviceCall(t, owner.cookies, device!.id, 'rename', { label: 'Kitchen' })).json()).toEqual({ message });
      expect(actionsSince(from)).toEqual([]);
      expect((await deviceCall(t, owner.cookies, device!.id, 'status')).statusCode).toBe(200);
    }
  });

  it("answers another customer's device exactly as a missing one: 404 Device not found", async () => {
    const owner = await ownerWithDevices(t, 1);
    const stranger = await registerCustomer(t.app);
    const answers = [];
    for (const id of [owner.devices[0]!.id, '00000000-0000-4000-8000-000000000000', 'not-a-device']) {
      for (const verb of ['status', 'password', 'isp-reset', 'disable', 'enable'] as const) {
        const response = await deviceCall(t, stranger.cookies, id, verb);
        answers.push({ status: response.statusCode, body: response.json<unknown>() });
      }
      const renamed = await deviceCall(t, stranger.cookies, id, 'rename', { label: 'Mine now' });
      answers.push({ status: renamed.statusCode, body: renamed.json<unknown>() });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ status: 404, body: { message: 'Device not found' } })]));
    expect((await deviceNow(t, owner.cookies, owner.devices[0]!.id)).label).toBeNull();
    const signedOut = await t.app.inject({ method: 'POST', url: `/api/devices/${owner.devices[0]!.id}/password` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('takes a label of 1-30 characters under the name rules, null taking it away; a MAC only for a set-top box', async () => {
    const owner = await ownerWithDevices(t, 1);
    const id = owner.devices[0]!.id;
    const rename = (payload: Record<string, unknown>) => deviceCall(t, owner.cookies, id, 'rename', payload);
    expect((await rename({ label: 'A'.repeat(31) })).json()).toEqual({ message: 'Device name must be at most 30 characters' });
    expect((await rename({ label: '   ' })).json()).toEqual({ message: 'Device name is required' });
    expect((await rename({ label: '<b>TV</b>' })).statusCode).toBe(400);
    expect((await rename({ label: 'see example.com' })).json()).toEqual({ message: 'Device name must not contain a web address' });
    expect((await rename({})).json()).toEqual({ message: 'Give a label or a MAC address to change' });
    expect((await rename({ label: 'Bedroom TV 2' })).json()).toMatchObject({ label: 'Bedroom TV 2' });
    expect((await rename({ label: 'A'.repeat(30) })).statusCode).toBe(200);
    expect((await rename({ label: null })).json()).toMatchObject({ label: null });
    const mac = await rename({ mac: '00:1A:79:12:34:56' });
    expect(mac.statusCode).toBe(409);
    expect(mac.json()).toEqual({ message: 'Only a set-top box has a MAC address' });
  });

  it('keeps passwords out of the audit log, the logs and new emails', async () => {
    logLines.length = 0;
    const owner = await ownerWithDevices(t, 1);
    const [device] = owner.devices;
    const mailsBefore = (await t.database.db.select().from(mailOutbox)).length;
    const first = (await deviceCall(t, owner.cookies, device!.id, 'password')).json<{ xtreamPassword: string }>().xtreamPassword;
    stand.panel.refuseNext('edit_line');
    expect((await deviceCall(t, owner.cookies, device!.id, 'password')).statusCode).toBe(502);
    const second = (await deviceCall(t, owner.cookies, device!.id, 'password')).json<{ xtreamPassword: string }>().xtreamPassword;

    const audit = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(audit).toContain('device.new_password');
    const logs = logLines.join('\n');
    expect(logs).toContain('request failed');
    for (const password of [device!.xtreamPassword, first, second]) {
      expect(audit).not.toContain(password);
      expect(logs).not.toContain(password);
    }
    expect((await t.database.db.select().from(mailOutbox)).length).toBe(mailsBefore);
  });
});
