import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { DAY, renewalOrdersOf, renewalSchedule } from '../support/renewal-charges';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');

/** An automatic renewal is charged in the currency of the subscription's last payment (decision 0104). */
describe('automatic renewal in the currency last paid in', () => {
  const clock = settableClock(START);
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers, clock });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
    clock.set(START);
  });

  const webhook = ({ payload, signature }: { payload: string; signature: string }) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload });

  async function autoRenewingIn(currency: string, deviceCount: string) {
    const buyer = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: buyer.customer.email, autoRenew: true, currency, deviceCount }), buyer.cookies);
    expect(placed.statusCode, placed.body).toBe(200);
    const paid = stripe.payWithCard(intentIdOf(placed.json<{ clientSecret: string }>().clientSecret), '4242424242424242');
    expect((await webhook(stripe.event('payment_intent.succeeded', paid))).statusCode).toBe(200);
    await t.services.jobs.drain();
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, placed.json<{ order: { id: string } }>().order.id));
    expect(subscription).toMatchObject({ autoRenew: true, expirationDate: EXPIRY });
    return subscription!.id;
  }

  it.each([
    ['EUR', '2', '20.48', 2048],
    ['BRL', '1', '79.99', 7999],
  ] as const)('charges a subscription bought in %s (%s devices) in that currency again, at its price list\'s price', async (currency, devices, total, minor) => {
    const subscriptionId = await autoRenewingIn(currency, devices);
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);

    const key = `renewal:${subscriptionId}:${EXPIRY.toISOString()}`;
    const creations = stripe.requests.filter((request) => request.method === 'POST' && request.headers['idempotency-key'] === key);
    expect(creations).toHaveLength(1);
    expect(creations[0]!.form).toMatchObject({ amount: String(minor), currency: currency.toLowerCase(), off_session: 'true' });
    const [order] = await renewalOrdersOf(t, subscriptionId);
    expect(order).toMatchObject({ paymentStatus: 'completed', totalAmount: total, currency });
  });
});
