import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/contract/checkout';
import type { DeviceCredential } from '../../src/contract/subscriptions';
import { auditLog, orders, setTopBoxClaims, subscriptions } from '../../src/server/schema';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { loginCustomer, registerCustomer } from '../support/customers';
import { deviceCall, deviceNow, ownerWithDevices, subscriptionsOf } from '../support/devices';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * Set-top boxes bought by MAC address through checkout (decision 0042): provisioned with
 * create_mag, shown with the portal address, moved with edit_mag; and a line device the
 * account turns into a box (decision 0078). Runs on PGlite (api) and PostgreSQL (api-postgres).
 */

const stand = usePanelStandIn();
const t = useTestApp(stand.env);
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A signed-in customer buys 1 Month Premium with the demo card; the jobs provision it. */
async function buy(overrides: Record<string, unknown>) {
  const customer = await registerCustomer(t.app);
  const { oneMonth } = await seededPackages(t.app);
  const form = checkoutForm(oneMonth.id, { email: customer.customer.email, ...overrides });
  const placed = await postCheckout(t.app, form, customer.cookies);
  if (placed.statusCode !== 200) return { customer, placed };
  const { clientSecret, order } = placed.json<CheckoutResponse>();
  const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(clientSecret!)}/confirm`, payload: GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.services.jobs.drain();
  return { customer, placed, orderId: order.id };
}

describe('a set-top box bought by its MAC address', () => {
  it('is normalised, provisioned with create_mag and shows the portal instead of a login; the account moves it with edit_mag', async () => {
    const { customer, orderId } = await buy({ deviceCount: '2', setTopBoxes: [{ mac: '00-1a-79-12-34-56' }] });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order!.setTopBoxMacs).toEqual(['00:1A:79:12:34:56']);
    expect(stand.panel.requests.map((request) => request.action).sort()).toEqual(['create_line', 'create_mag']);

    const [subscription] = await subscriptionsOf(t, customer.cookies);
    const [box, line] = subscription!.deviceCredentials;
    expect(box).toMatchObject({ deviceNumber: 1, kind: 'mag', mac: '00:1A:79:12:34:56', portalUrl: 'http://line.streamplus.tv/c/', enabled: true });
    expect(line).toMatchObject({ deviceNumber: 2, kind: 'line', mac: null, portalUrl: null });
    const onPanel = stand.panel.boxOf('00:1A:79:12:34:56')!;
    expect(onPanel.enabled).toBe(true);
    expect(stand.panel.lines.get(onPanel.lineId)!.username).toBe(box!.xtreamUsername);

    const moved = await deviceCall(t, customer.cookies, box!.id, 'rename', { mac: '00:1a:79:ab:cd:ef' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ mac: '00:1A:79:AB:CD:EF' });
    expect(stand.panel.requests.at(-1)).toMatchObject({ action: 'edit_mag', fields: { id: onPanel.id, mac: '00:1A:79:AB:CD:EF' } });
    expect(onPanel.mac).toBe('00:1A:79:AB:CD:EF');

    // Off and on go through the box's MAG device.
    await deviceCall(t, customer.cookies, box!.id, 'disable');
    expect(stand.panel.requests.at(-1)!.action).toBe('disable_mag');
    expect(onPanel.enabled).toBe(false);
    await deviceCall(t, customer.cookies, box!.id, 'enable');
    expect(stand.panel.requests.at(-1)!.action).toBe('enable_mag');
    expect((await deviceNow(t, customer.cookies, box!.id)).enabled).toBe(true);

    // A MAC already on a running subscription can be neither bought again nor moved to.
    const again = await buy({ setTopBoxes: [{ mac: '00:1A:79:AB:CD:EF' }] });
    expect(again.placed.statusCode).toBe(409);
    expect(again.placed.json()).toEqual({ message: 'This MAC address is already on an active subscription' });
    const { customer: other } = await buy({ deviceCount: '1', setTopBoxes: [{ mac: '00:1A:79:00:00:01' }] });
    const [otherBox] = (await subscriptionsOf(t, other.cookies))[0]!.deviceCredentials;
    const taken = await deviceCall(t, other.cookies, otherBox!.id, 'rename', { mac: '00:1A:79:AB:CD:EF' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'This MAC address is already on an active subscription' });
    // The old address is free again once moved.
    const freed = await buy({ setTopBoxes: [{ mac: '00:1A:79:12:34:56' }] });
    expect(freed.placed.statusCode).toBe(200);

    const relogged = await loginCustomer(t.app, customer.customer.email, 'analytical-engine');
    expect((await deviceNow(t, relogged.cookies, box!.id)).mac).toBe('00:1A:79:AB:CD:EF');
  });

  it('refuses a bad MAC, the same MAC twice, more boxes than devices and boxes on a renewal with 400s', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ setTopBoxes: [{ mac: '00:1A:79:12:34' }] }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ setTopBoxes: [{ mac: '00:1A:79:12:34:5G' }] }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ setTopBoxes: [{ mac: '00:1A-79:12:34:56' }] }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ setTopBoxes: [{}] }, 'MAC address is required'],
      [{ setTopBoxes: 'box' }, 'Set-top boxes must be a list of { mac } entries'],
      [{ deviceCount: '2', setTopBoxes: [{ mac: '00:1A:79:12:34:56' }, { mac: '00:1a:79:12:34:56' }] }, 'The same MAC address is given for two set-top boxes'],
      [{ deviceCount: '1', setTopBoxes: [{ mac: '00:1A:79:12:34:56' }, { mac: '00:1A:79:12:34:57' }] }, 'More set-top boxes than devices: each box takes the place of one device'],
      [
        { renewsSubscriptionId: '00000000-0000-4000-8000-000000000000', setTopBoxes: [{ mac: '00:1A:79:12:34:56' }] },
        'Set-top boxes are chosen when buying a subscription, not when renewing one',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await postCheckout(t.app, checkoutForm(oneMonth.id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(await t.database.db.select().from(orders)).toEqual([]);
    const crypto = await t.app.inject({
      method: 'POST',
      url: '/api/create-crypto-payment',
      payload: { packageId: oneMonth.id, customerData: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' }, deviceCount: 1, setTopBoxes: [{ mac: 'x' }] },
    });
    expect(crypto.statusCode).toBe(400);
    expect(crypto.json()).toEqual({ message: 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56' });
  });
});

describe('a line device turned into a set-top box from the account', () => {
  const MAC_IN_USE = { message: 'This MAC address is already on an active subscription' };
  const actionsSince = (from: number) => stand.panel.requests.slice(from).map((request) => request.action);
  const claimOf = async (mac: string) => (await t.database.db.select().from(setTopBoxClaims).where(eq(setTopBoxClaims.mac, mac)))[0];
  const useBox = (cookies: Record<string, string>, deviceId: string, payload: Record<string, unknown>) => deviceCall(t, cookies, deviceId, 'set-top-box', payload);

  it('makes the box on the panel with create_mag, deletes the old line, lists the device with the portal; a retry answers the same', async () => {
    const owner = await ownerWithDevices(t, 2);
    const [first, second] = owner.devices;
    const oldLine = stand.panel.lineOf(second!.xtreamUsername)!;
    const from = stand.panel.requests.length;

    const made = await useBox(owner.cookies, second!.id, { mac: '00-1a-79-12-34-56' });
    expect(made.statusCode, made.body).toBe(200);
    const box = made.json<DeviceCredential>();
    expect(box).toMatchObject({ id: second!.id, deviceNumber: 2, kind: 'mag', mac: '00:1A:79:12:34:56', portalUrl: 'http://line.streamplus.tv/c/', enabled: true, isActive: true });
    expect(box.xtreamUsername).not.toBe(second!.xtreamUsername);
    expect(actionsSince(from)).toEqual(['create_mag', 'delete_line']);
    const onPanel = stand.panel.boxOf('00:1A:79:12:34:56')!;
    expect(stand.panel.lines.get(onPanel.lineId)!.username).toBe(box.xtreamUsername);
    expect(stand.panel.lines.has(oldLine.id)).toBe(false);
    expect(stand.panel.lineOf(first!.xtreamUsername)).toBeDefined();
    expect(await deviceNow(t, owner.cookies, second!.id)).toEqual(box);
    expect(await claimOf('00:1A:79:12:34:56')).toMatchObject({ deviceId: second!.id, heldUntil: null });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'device.set_top_box'));
    expect(audit).toMatchObject({ actorType: 'customer', targetId: owner.orderId, after: { deviceNumber: 2, kind: 'mag', mac: '00:1A:79:12:34:56' } });

    // The same MAC again (an answer lost on the way): the device as it is, nothing asked of the panel.
    const again = stand.panel.requests.length;
    const repeated = await useBox(owner.cookies, second!.id, { mac: '00:1A:79:12:34:56' });
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json()).toEqual(box);
    expect(actionsSince(again)).toEqual([]);
    const otherMac = await useBox(owner.cookies, second!.id, { mac: '00:1A:79:AB:CD:EF' });
    expect(otherMac.statusCode).toBe(409);
    expect(otherMac.json()).toEqual({ message: 'This device is already a set-top box: change its MAC address instead' });
  });

  it('refuses a MAC another subscription holds with 409, leaving the device a line and the panel unasked', async () => {
    const { customer: holder } = await buy({ deviceCount: '1', setTopBoxes: [{ mac: '00:1A:79:00:00:01' }] });
    expect((await subscriptionsOf(t, holder.cookies))[0]!.deviceCredentials[0]).toMatchObject({ kind: 'mag', mac: '00:1A:79:00:00:01' });
    const owner = await ownerWithDevices(t, 1);
    const from = stand.panel.requests.length;
    const taken = await useBox(owner.cookies, owner.devices[0]!.id, { mac: '00:1a:79:00:00:01' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual(MAC_IN_USE);
    expect(actionsSince(from)).toEqual([]);
    expect(await deviceNow(t, owner.cookies, owner.devices[0]!.id)).toMatchObject({ kind: 'line', mac: null });
  });

  it('refuses a bad MAC with the checkout rules’ 400 messages', async () => {
    const owner = await ownerWithDevices(t, 1);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ mac: '00:1A:79:12:34' }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ mac: '00:1A-79:12:34:56' }, 'MAC address must be six pairs of hex digits, such as 00:1A:79:12:34:56'],
      [{ mac: '' }, 'MAC address is required'],
      [{}, 'MAC address is required'],
      [{ mac: 'FF:FF:FF:FF:FF:FF' }, "This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box"],
    ];
    for (const [payload, message] of cases) {
      const response = await useBox(owner.cookies, owner.devices[0]!.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect(stand.panel.requests.filter((request) => request.action === 'create_mag')).toEqual([]);
  });

  it("answers another customer's device as a missing one (404), and a signed-out call 401", async () => {
    const owner = await ownerWithDevices(t, 1);
    const stranger = await registerCustomer(t.app);
    for (const id of [owner.devices[0]!.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await useBox(stranger.cookies, id, { mac: '00:1A:79:12:34:56' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Device not found' });
    }
    const signedOut = await t.app.inject({ method: 'POST', url: `/api/devices/${owner.devices[0]!.id}/set-top-box`, payload: { mac: '00:1A:79:12:34:56' } });
    expect(signedOut.statusCode).toBe(401);
    expect(await claimOf('00:1A:79:12:34:56')).toBeUndefined();
    expect(await deviceNow(t, owner.cookies, owner.devices[0]!.id)).toMatchObject({ kind: 'line' });
  });

  it('refuses an expired or suspended subscription with a 409 saying why, claiming nothing', async () => {
    const owner = await ownerWithDevices(t, 1);
    const db = t.database.db;
    const [original] = await db.select().from(subscriptions).where(eq(subscriptions.id, owner.subscriptionId));
    const cases = [
      [{ status: 'expired', expirationDate: new Date('2020-01-01T00:00:00Z') }, 'This subscription has expired. Renew it to manage its devices.'],
      [{ devicesSuspendedAt: new Date() }, 'The store has suspended the devices of this subscription. Please contact support.'],
      [{ status: 'cancelled' }, 'This subscription was cancelled when its order was refunded, so its devices can no longer be changed.'],
    ] as const;
    for (const [state, message] of cases) {
      await db.update(subscriptions).set({ status: original!.status, expirationDate: original!.expirationDate, devicesSuspendedAt: null, ...state }).where(eq(subscriptions.id, owner.subscriptionId));
      const from = stand.panel.requests.length;
      const refused = await useBox(owner.cookies, owner.devices[0]!.id, { mac: '00:1A:79:12:34:56' });
      expect(refused.statusCode, JSON.stringify(state)).toBe(409);
      expect(refused.json()).toEqual({ message });
      expect(actionsSince(from)).toEqual([]);
    }
    expect(await claimOf('00:1A:79:12:34:56')).toBeUndefined();
  });

  it('lets the MAC go when the panel refuses, and a claim left by a crash lapses after its hold', async () => {
    const owner = await ownerWithDevices(t, 1);
    const neighbour = await ownerWithDevices(t, 1);
    stand.panel.refuseNext('create_mag');
    const refused = await useBox(owner.cookies, owner.devices[0]!.id, { mac: '00:1A:79:12:34:56' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: 'The streaming service did not accept the change. Please try again in a few minutes.' });
    expect(await claimOf('00:1A:79:12:34:56')).toBeUndefined();
    expect(await deviceNow(t, owner.cookies, owner.devices[0]!.id)).toMatchObject({ kind: 'line', mac: null, xtreamUsername: owner.devices[0]!.xtreamUsername });
    expect(stand.panel.lineOf(owner.devices[0]!.xtreamUsername)).toBeDefined();

    // An instance that claimed the MAC and died before the panel answered: held for its 10 minutes, then free.
    await t.database.db.insert(setTopBoxClaims).values({ mac: '00:1A:79:12:34:56', orderId: owner.orderId, deviceId: owner.devices[0]!.id, heldUntil: new Date(Date.now() + 10 * 60_000), claimedAt: new Date() });
    const held = await useBox(neighbour.cookies, neighbour.devices[0]!.id, { mac: '00:1A:79:12:34:56' });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual(MAC_IN_USE);
    await t.database.db.update(setTopBoxClaims).set({ heldUntil: new Date(Date.now() - 1000) }).where(eq(setTopBoxClaims.mac, '00:1A:79:12:34:56'));
    const taken = await useBox(neighbour.cookies, neighbour.devices[0]!.id, { mac: '00:1A:79:12:34:56' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ kind: 'mag', mac: '00:1A:79:12:34:56' });
  });
});
