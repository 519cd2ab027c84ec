import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_TIME_ZONE } from '../../src/contract/time-zones';
import { settableClock } from '../../src/server/lib/clock';
import { customers } from '../../src/server/schema';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer, type SignedIn } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { DAY, mailsTo, subscriptionOfOrder } from '../support/renewal-schedule';
import { useTestApp } from '../support/test-app';

/** A customer's dates in their own zone (decision 0074), in a store whose own zone is far from UTC. */

const STORE_ZONE = 'Pacific/Auckland';
const START = '2026-03-02T09:00:00.000Z';

describe("a customer's time zone", () => {
  const clock = settableClock(START);
  const t = useTestApp({ STORE_TIME_ZONE: STORE_ZONE }, { clock });

  const me = async (signedIn: SignedIn) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', cookies: signedIn.cookies })).json<{ timeZone: string }>().timeZone;
  const zoneOfRow = async (email: string) => (await t.database.db.select({ timeZone: customers.timeZone }).from(customers).where(eq(customers.email, email)))[0]?.timeZone;
  const changeZone = (signedIn: SignedIn | null, timeZone: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/account/time-zone', payload: { timeZone }, ...(signedIn ? { cookies: signedIn.cookies } : {}) });

  it("records the browser's zone at registration, and uses the store's until one is known", async () => {
    const withZone = await registerCustomer(t.app, { timeZone: 'America/New_York' });
    expect(withZone.customer.timeZone).toBe('America/New_York');
    expect(await me(withZone)).toBe('America/New_York');

    const without = await registerCustomer(t.app);
    expect(without.customer.timeZone).toBe('Pacific/Auckland');
    expect(await zoneOfRow(without.customer.email)).toBeNull();

    // A zone the store does not know is ignored: the sign-up goes through.
    const unknown = await registerCustomer(t.app, { timeZone: 'Mars/Olympus_Mons' });
    expect(unknown.customer.timeZone).toBe('Pacific/Auckland');
    expect(await zoneOfRow(unknown.customer.email)).toBeNull();
  });

  it("records a guest's zone at checkout, and an unknown one never fails the purchase", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const tokyo = checkoutForm(oneMonth.id, { timeZone: 'Asia/Tokyo' });
    expect((await postCheckout(t.app, tokyo)).statusCode).toBe(200);
    expect(await zoneOfRow(String(tokyo.email))).toBe('Asia/Tokyo');

    const odd = checkoutForm(oneMonth.id, { timeZone: 'Etc/Unknown' });
    expect((await postCheckout(t.app, odd)).statusCode).toBe(200);
    expect(await zoneOfRow(String(odd.email))).toBeNull();
  });

  it('records the zone at a first checkout only: a later checkout never replaces it, nor the choice made in the account', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const signedIn = await registerCustomer(t.app);
    const buy = async (timeZone: string) => {
      const form = checkoutForm(oneMonth.id, { email: signedIn.customer.email, timeZone });
      expect((await postCheckout(t.app, form, signedIn.cookies)).statusCode).toBe(200);
    };
    await buy('Asia/Tokyo');
    expect(await me(signedIn)).toBe('Asia/Tokyo');
    await buy('Europe/London');
    expect(await me(signedIn)).toBe('Asia/Tokyo');

    const changed = await changeZone(signedIn, 'america/los_angeles');
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timeZone).toBe('America/Los_Angeles');
    await buy('Asia/Tokyo');
    expect(await me(signedIn)).toBe('America/Los_Angeles');
  });

  it('refuses a zone that is none when the customer sets it in the account, and a guest', async () => {
    const signedIn = await registerCustomer(t.app, { timeZone: 'America/New_York' });
    for (const bad of ['Mars/Olympus_Mons', 'UTC+5', '', 42]) {
      const refused = await changeZone(signedIn, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toEqual({ message: UNKNOWN_TIME_ZONE });
    }
    expect(await me(signedIn)).toBe('America/New_York');
    expect((await changeZone(null, 'Asia/Tokyo')).statusCode).toBe(401);
  });

  it("writes a reminder's times in the customer's zone, naming it, and in the store's for a customer without one", async () => {
    clock.set(START);
    const { oneMonth } = await seededPackages(t.app);
    const subscribe = async (signedIn: SignedIn) => {
      const order = await paidOrder(t, { packageId: oneMonth.id, customerId: signedIn.customer.id, email: signedIn.customer.email });
      await t.services.jobs.drain();
      return subscriptionOfOrder(t, order.id);
    };
    const newYork = await registerCustomer(t.app, { timeZone: 'America/New_York' });
    const noZone = await registerCustomer(t.app);
    const subscription = await subscribe(newYork);
    await subscribe(noZone);
    expect(subscription.expirationDate.toISOString()).toBe('2026-04-02T09:00:00.000Z');

    clock.set(new Date(subscription.expirationDate.getTime() - 7 * DAY));
    await t.services.renewalSchedule.runPass();
    const reminderTo = async (email: string) => (await mailsTo(t, email)).find((mail) => mail.subject === 'Your StreamPlus subscription expires in 7 days');
    expect((await reminderTo(newYork.customer.email))?.text).toContain('Expires: April 2, 2026 at 5:00 AM (America/New_York)');
    expect((await reminderTo(noZone.customer.email))?.text).toContain('Expires: April 2, 2026 at 10:00 PM (Pacific/Auckland)');
  });
});
