import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/contract/checkout';
import { orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { deviceCall, deviceNow, subscriptionsOf } from '../support/devices';
import { useTestApp } from '../support/test-app';
import { usePanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * MAC addresses that no box has: the broadcast address, all zeros and multicast ones (the
 * lowest bit of the first pair set). Wherever a MAC enters, checkout's set-top boxes and a
 * box's move by its owner or the admin, each is refused with a 400 that says why.
 */

const stand = usePanelStandIn();
const t = useTestApp(stand.env);
const NOT_A_DEVICE = { message: "This MAC address is not a real device's (all zeros, broadcast or multicast): check the sticker under the box" };
const NO_DEVICE_HAS = ['FF:FF:FF:FF:FF:FF', 'ff-ff-ff-ff-ff-ff', '00:00:00:00:00:00', '000000000000', '01:00:5E:00:00:FB', '33:33:00:00:00:01'];

describe('a MAC address no device has', () => {
  it('is refused for a set-top box at checkout, card or crypto, and no order is placed', async () => {
    const { oneMonth } = await seededPackages(t.app);
    for (const mac of NO_DEVICE_HAS) {
      const card = await postCheckout(t.app, checkoutForm(oneMonth.id, { setTopBoxes: [{ mac }] }));
      expect({ mac, status: card.statusCode, body: card.json() }).toEqual({ mac, status: 400, body: NOT_A_DEVICE });
      const crypto = await t.app.inject({
        method: 'POST',
        url: '/api/create-crypto-payment',
        payload: { packageId: oneMonth.id, customerData: { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' }, deviceCount: 1, setTopBoxes: [{ mac }] },
      });
      expect({ mac, status: crypto.statusCode, body: crypto.json() }).toEqual({ mac, status: 400, body: NOT_A_DEVICE });
    }
    expect(await t.database.db.select().from(orders)).toEqual([]);
  });

  it("is refused as a box's new address, from its owner and from the admin, and the box keeps its own", async () => {
    const customer = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: customer.customer.email, setTopBoxes: [{ mac: '00:1A:79:12:34:56' }] }), customer.cookies);
    const { clientSecret } = placed.json<CheckoutResponse>();
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect((await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(clientSecret!)}/confirm`, payload: card })).statusCode).toBe(200);
    await t.services.jobs.drain();
    const [box] = (await subscriptionsOf(t, customer.cookies))[0]!.deviceCredentials;
    expect(box).toMatchObject({ kind: 'mag', mac: '00:1A:79:12:34:56' });
    const admin = await signInAdmin(t);
    const panelRequests = stand.panel.requests.length;

    for (const cookies of [customer.cookies, admin]) {
      for (const mac of NO_DEVICE_HAS) {
        const moved = await deviceCall(t, cookies, box!.id, 'rename', { mac });
        expect({ mac, status: moved.statusCode, body: moved.json() }).toEqual({ mac, status: 400, body: NOT_A_DEVICE });
      }
    }
    expect((await deviceNow(t, customer.cookies, box!.id)).mac).toBe('00:1A:79:12:34:56');
    expect(stand.panel.requests.length).toBe(panelRequests);
  });
});
