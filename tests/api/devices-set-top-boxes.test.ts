import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/contract/checkout';
import { orders } from '../../src/server/schema';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { loginCustomer, registerCustomer } from '../support/customers';
import { deviceCall, deviceNow, subscriptionsOf } from '../support/devices';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * Set-top boxes bought by MAC address through checkout (decision 0039): provisioned with
 * create_mag, shown with the portal address, moved with edit_mag. Runs on PGlite (api) and
 * PostgreSQL (api-postgres).
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
  await t.app.services.jobs.drain();
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
