import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { DAY, renewalOrdersOf, renewalSchedule, subscriptionRow } from '../support/renewal-charges';
import { buyWithAutoRenewOnStripe } from '../support/saved-cards';
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

  async function autoRenewingIn(currency: string, deviceCount: string) {
    const { subscriptionId } = await buyWithAutoRenewOnStripe(t, stripe, '4242424242424242', { currency, deviceCount });
    expect(await subscriptionRow(t, subscriptionId)).toMatchObject({ autoRenew: true, expirationDate: EXPIRY });
    return subscriptionId;
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
