import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/contract/checkout';
import { deviceCredentials, orders } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer, type SignedIn } from '../support/customers';
import { deviceCall, subscriptionsOf } from '../support/devices';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * "One box, one active subscription" held by the database (decision 0073): concurrent
 * checkouts and MAC changes naming one set-top box, with the demo panel, which checks
 * nothing itself. Runs on PGlite (api) and PostgreSQL (api-postgres), where the requests
 * really run at once.
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const MAC_IN_USE = { message: 'This MAC address is already on an active subscription' };
const clock = settableClock('2026-12-01T12:00:00Z');
const t = useTestApp({}, { clock });

async function placeBoxOrder(t: TestApp, buyer: SignedIn, mac: string, overrides: Record<string, unknown> = {}) {
  const { oneMonth } = await seededPackages(t.app);
  return postCheckout(t.app, checkoutForm(oneMonth.id, { email: buyer.customer.email, setTopBoxes: [{ mac }], ...overrides }), buyer.cookies);
}

async function pay(t: TestApp, placed: CheckoutResponse) {
  const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(placed.clientSecret!)}/confirm`, payload: GOOD_CARD });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.services.jobs.drain();
}

const devicesWithMac = (mac: string) => t.database.db.select().from(deviceCredentials).where(eq(deviceCredentials.mac, mac));

describe('a set-top box is on one subscription at a time', () => {
  it('lets one of six checkouts sent at once for the same MAC place its order, and refuses the others before they pay', async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(t.app)));
    const answers = await Promise.all(buyers.map((buyer) => placeBoxOrder(t, buyer, '00:1A:79:00:00:66')));

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(refused.json()).toEqual(MAC_IN_USE);
    const placed = await t.database.db.select().from(orders).where(isNotNull(orders.checkoutKey));
    expect(placed.filter((order) => order.setTopBoxMacs.includes('00:1A:79:00:00:66'))).toHaveLength(1);

    await pay(t, answers.find((answer) => answer.statusCode === 200)!.json<CheckoutResponse>());
    expect(await devicesWithMac('00:1A:79:00:00:66')).toHaveLength(1);
    // Provisioned, the box stays taken after its reservation's hour.
    clock.advance(2 * 60 * 60_000);
    expect((await placeBoxOrder(t, await registerCustomer(t.app), '00:1A:79:00:00:66')).statusCode).toBe(409);
  });

  it('gives a MAC two owners change to at once to one of them', async () => {
    const first = await registerCustomer(t.app);
    const second = await registerCustomer(t.app);
    for (const [owner, mac] of [[first, '00:1A:79:00:00:01'], [second, '00:1A:79:00:00:02']] as const) {
      const placed = await placeBoxOrder(t, owner, mac);
      expect(placed.statusCode, placed.body).toBe(200);
      await pay(t, placed.json<CheckoutResponse>());
    }
    const boxOf = async (owner: SignedIn) => (await subscriptionsOf(t, owner.cookies))[0]!.deviceCredentials[0]!;
    const [firstBox, secondBox] = [await boxOf(first), await boxOf(second)];

    const answers = await Promise.all([
      deviceCall(t, first.cookies, firstBox.id, 'rename', { mac: '00:1A:79:00:00:99' }),
      deviceCall(t, second.cookies, secondBox.id, 'rename', { mac: '00:1A:79:00:00:99' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual(MAC_IN_USE);
    expect(await devicesWithMac('00:1A:79:00:00:99')).toHaveLength(1);

    // The winner's old MAC is free at once; the loser keeps its own.
    const winner = answers[0].statusCode === 200 ? first : second;
    const freedMac = winner === first ? '00:1A:79:00:00:01' : '00:1A:79:00:00:02';
    const keptMac = winner === first ? '00:1A:79:00:00:02' : '00:1A:79:00:00:01';
    expect((await placeBoxOrder(t, await registerCustomer(t.app), freedMac)).statusCode).toBe(200);
    expect((await placeBoxOrder(t, await registerCustomer(t.app), keptMac)).statusCode).toBe(409);
  });

  it("holds an unpaid card order's box for an hour, except against the same buyer checking out again", async () => {
    const buyer = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    expect((await placeBoxOrder(t, buyer, '00:1A:79:00:00:10')).statusCode).toBe(200);

    const refused = await placeBoxOrder(t, other, '00:1A:79:00:00:10');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(MAC_IN_USE);
    // The same buyer, now paying by crypto: another order, which takes the reservation over.
    const again = await placeBoxOrder(t, buyer, '00:1A:79:00:00:10', { paymentMethod: 'crypto' });
    expect(again.statusCode, again.body).toBe(200);

    // The crypto order holds it for the crypto window (7 days), a card order for an hour.
    clock.advance(2 * 60 * 60_000);
    expect((await placeBoxOrder(t, other, '00:1A:79:00:00:10')).statusCode).toBe(409);
    expect((await placeBoxOrder(t, buyer, '00:1A:79:00:00:11')).statusCode).toBe(200);
    clock.advance(61 * 60_000);
    const afterAnHour = await placeBoxOrder(t, other, '00:1A:79:00:00:11');
    expect(afterAnHour.statusCode, afterAnHour.body).toBe(200);
  });
});
