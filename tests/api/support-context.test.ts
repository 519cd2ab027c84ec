import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { auditLog, subscriptions } from '../../src/server/schema';
import { adminCookieOf, signInAdmin } from '../support/admins';
import { ownerWithDevices } from '../support/devices';
import { useTestApp } from '../support/test-app';

/**
 * A ticket's line state for the staff (decision 0102): each device's live state, expiry,
 * auto-renew and saved card, the last payment and open orders; goodwill days, limited for
 * the support role under concurrency; device actions audited with the ticket's number.
 */
const NOW = '2027-04-10T12:00:00.000Z';

describe('a ticket\'s context and actions', () => {
  const clock = settableClock(NOW);
  const t = useTestApp({}, { clock });
  let owner: { asid: string };
  beforeEach(async () => {
    clock.set(NOW);
    owner = await signInAdmin(t);
  });

  const inject = (method: 'GET' | 'POST', url: string, cookies: Record<string, string>, payload?: object) => t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });

  /** A support member, signed in with their own password. */
  async function supportMember(username: string) {
    await inject('POST', '/api/admin/staff', owner, { username, password: 'initial-password-123', role: 'support' });
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password: 'initial-password-123' } });
    const cookies = adminCookieOf(signedIn);
    await inject('POST', '/api/admin/password', cookies, { currentPassword: 'initial-password-123', newPassword: 'own-password-456' });
    return cookies;
  }

  async function ticketOfCustomer() {
    const customer = await ownerWithDevices(t, 2);
    const created = await inject('POST', '/api/support/tickets', customer.cookies, { category: 'device', subject: 'No picture', message: 'Black screen', deviceId: customer.devices[0]!.id });
    return { customer, ticket: created.json().ticket as { id: string; number: number } };
  }

  const expiryOf = async (subscriptionId: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)))[0]!.expirationDate;

  it('shows each device\'s live state and expiry, the last payment and open orders beside the conversation', async () => {
    const { customer, ticket } = await ticketOfCustomer();
    const detail = await inject('GET', `/api/admin/tickets/${ticket.id}`, owner);
    expect(detail.statusCode, detail.body).toBe(200);
    const { context } = detail.json();
    expect(context.devices).toHaveLength(2);
    expect(context.devices[0]).toEqual({
      id: customer.devices[0]!.id,
      subscriptionId: customer.subscriptionId,
      name: customer.devices[0]!.deviceName,
      packageName: expect.any(String),
      online: expect.any(Boolean),
      activeConnections: expect.any(Number),
      maxConnections: expect.any(Number),
      lastSeenAt: null,
      enabled: true,
      expiresAt: (await expiryOf(customer.subscriptionId)).toISOString(),
      autoRenew: false,
      savedCard: null,
    });
    expect(context.lastPayment).toEqual({ orderId: customer.orderId, status: 'completed', amount: '27.97', currency: 'USD', createdAt: expect.any(String) });
    expect(context.openOrders).toEqual([]);
  });

  it('lets support add at most 3 goodwill days a subscription a month, even at once, and the owner more, each audited', async () => {
    const { customer, ticket } = await ticketOfCustomer();
    const sam = await supportMember('sam');
    const before = await expiryOf(customer.subscriptionId);
    const grant = (cookies: Record<string, string>, days: number) => inject('POST', `/api/admin/tickets/${ticket.id}/goodwill`, cookies, { subscriptionId: customer.subscriptionId, days });

    const two = await grant(sam, 2);
    expect(two.json()).toMatchObject({ message: `Added 2 goodwill days (ticket #${ticket.number})` });
    const racing = await Promise.all([grant(sam, 1), grant(sam, 1)]);
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(racing.find((response) => response.statusCode === 409)!.json()).toEqual({ message: 'Support may add at most 3 goodwill days per subscription each month' });
    expect((await grant(sam, 1)).statusCode).toBe(409);
    expect((await expiryOf(customer.subscriptionId)).getTime() - before.getTime()).toBe(3 * 86_400_000);

    expect((await grant(owner, 3)).statusCode).toBe(200);
    expect((await grant(sam, 4)).json()).toEqual({ message: 'Days is 1 to 3' });

    clock.set('2027-05-02T12:00:00.000Z');
    expect((await grant(sam, 1)).statusCode).toBe(200);
    expect((await expiryOf(customer.subscriptionId)).getTime() - before.getTime()).toBe(7 * 86_400_000);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'subscription.goodwill'));
    expect(audit.map((row) => [row.adminUsername, row.after.days, row.after.ticketNumber])).toEqual([
      ['sam', 2, ticket.number],
      ['sam', 1, ticket.number],
      ['owner', 3, ticket.number],
      ['sam', 1, ticket.number],
    ]);
  });

  it('refuses goodwill and device actions on another customer\'s subscription or device with a 404', async () => {
    const { ticket } = await ticketOfCustomer();
    const stranger = await ownerWithDevices(t, 1);
    const goodwill = await inject('POST', `/api/admin/tickets/${ticket.id}/goodwill`, owner, { subscriptionId: stranger.subscriptionId, days: 1 });
    expect([goodwill.statusCode, goodwill.json()]).toEqual([404, { message: 'This subscription is not the ticket customer\u2019s' }]);
    const action = await inject('POST', `/api/admin/tickets/${ticket.id}/devices/${stranger.devices[0]!.id}/isp-reset`, owner);
    expect([action.statusCode, action.json()]).toEqual([404, { message: 'Device not found' }]);
  });

  it('runs the device actions from the ticket, each audited with the ticket\'s number', async () => {
    const { customer, ticket } = await ticketOfCustomer();
    const sam = await supportMember('sam');
    const deviceId = customer.devices[0]!.id;
    for (const action of ['isp-reset', 'password', 'disable', 'enable']) {
      const response = await inject('POST', `/api/admin/tickets/${ticket.id}/devices/${deviceId}/${action}`, sam);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
    }
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.adminUsername, 'sam'), eq(auditLog.targetId, customer.orderId)));
    expect(rows.map((row) => [row.action, row.after.ticketNumber])).toEqual([
      ['device.isp_reset', ticket.number],
      ['device.new_password', ticket.number],
      ['device.disable', ticket.number],
      ['device.enable', ticket.number],
    ]);
  });

  it('keeps canned replies and the response target the owner\'s, and records who assigned what', async () => {
    const sam = await supportMember('sam');
    const made = await inject('POST', '/api/admin/canned-replies', owner, { title: 'Restart', body: 'Please restart your device.' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await inject('POST', '/api/admin/canned-replies', sam, { title: 'x', body: 'y' })).statusCode).toBe(403);
    expect((await inject('GET', '/api/admin/canned-replies', sam)).json()).toEqual([{ id: made.json().id, title: 'Restart', body: 'Please restart your device.' }]);
    const target = await t.app.inject({ method: 'PUT', url: '/api/admin/support/settings', cookies: owner, payload: { responseTargetMinutes: 60 } });
    expect(target.json()).toEqual({ responseTargetMinutes: 60 });
    expect((await inject('GET', '/api/admin/tickets', sam)).json().responseTargetMinutes).toBe(60);
  });
});
