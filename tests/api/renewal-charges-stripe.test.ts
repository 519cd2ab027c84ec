import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { chargesOf, DAY, renewalOrdersOf, renewalSchedule, subscriptionRow } from '../support/renewal-charges';
import { buyWithAutoRenewOnStripe } from '../support/saved-cards';
import { postStripeEvent, STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');

describe('automatic renewal with Stripe (a local stand-in of its API)', () => {
  const clock = settableClock(START);
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers, clock });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
    clock.set(START);
  });

  const webhook = (event: { payload: string; signature: string }) => postStripeEvent(t.app, event);

  /** A signed-in buyer's card checkout with "Renew automatically", paid through Stripe.js and told by the webhook. */
  async function autoRenewingOnStripe(cardNumber: string) {
    const bought = await buyWithAutoRenewOnStripe(t, stripe, cardNumber);
    expect(await subscriptionRow(t, bought.subscriptionId)).toMatchObject({ autoRenew: true, expirationDate: EXPIRY });
    return bought;
  }

  it('charges the saved card off-session once under the period\'s key, and extends the same subscription', async () => {
    const { subscriptionId } = await autoRenewingOnStripe('4242424242424242');
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    expect(await renewalSchedule(t)).toEqual([]);

    const key = `renewal:${subscriptionId}:${EXPIRY.toISOString()}`;
    const creations = stripe.requests.filter((request) => request.method === 'POST' && request.headers['idempotency-key'] === key);
    expect(creations).toHaveLength(1);
    expect(creations[0]!.form).toMatchObject({ amount: '1599', currency: 'usd', off_session: 'true', confirm: 'true' });
    const [order] = await renewalOrdersOf(t, subscriptionId);
    expect(order).toMatchObject({ paymentStatus: 'completed', totalAmount: '15.99' });
    const intent = stripe.intents.get(order!.stripePaymentIntentId!)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount: 1599, metadata: { orderId: order!.id } });

    // Stripe's own webhook of the same charge comes too: nothing more happens.
    expect((await webhook(stripe.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect((await subscriptionRow(t, subscriptionId)).expirationDate.toISOString()).toBe('2027-03-05T09:00:00.000Z');
  });

  it('gives the 3-D Secure page the PaymentIntent to confirm with Stripe.js, then completes the renewal on Stripe\'s word', async () => {
    const { subscriptionId } = await autoRenewingOnStripe('4000002760003184');
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    const [charge] = await chargesOf(t, subscriptionId);
    const token = renewalConfirmToken(t.config.SESSION_SECRET, charge!.id);

    const page = await t.app.inject({ method: 'GET', url: `/api/renewals/${charge!.id}?token=${token}` });
    const intent = stripe.intents.get(charge!.paymentIntentId!)!;
    expect(page.json()).toMatchObject({ state: 'awaiting_confirmation', cardProvider: 'stripe', clientSecret: intent.client_secret, stripePublishableKey: 'pk_test_stand_in' });
    // Before the bank's challenge is passed, confirming changes nothing.
    expect((await t.app.inject({ method: 'POST', url: `/api/renewals/${charge!.id}/confirm`, payload: { token } })).json()).toMatchObject({ state: 'awaiting_confirmation' });

    stripe.authenticate(intent.id);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/renewals/${charge!.id}/confirm`, payload: { token } });
    expect(confirmed.json()).toMatchObject({ state: 'paid', clientSecret: null });
    await t.services.jobs.drain();
    expect((await subscriptionRow(t, subscriptionId)).expirationDate.toISOString()).toBe('2027-03-05T09:00:00.000Z');
    expect((await renewalOrdersOf(t, subscriptionId)).map((order) => order.paymentStatus)).toEqual(['completed']);
  });

  it('settles a 3-D Secure renewal that Stripe\'s webhook completed, at the next pass', async () => {
    const { subscriptionId } = await autoRenewingOnStripe('4000002760003184');
    clock.set(new Date(EXPIRY.getTime() - 3 * DAY));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    const [charge] = await chargesOf(t, subscriptionId);
    // The customer confirmed on a page the store never heard back from; Stripe's webhook tells it.
    expect((await webhook(stripe.event('payment_intent.succeeded', stripe.authenticate(charge!.paymentIntentId!)))).statusCode).toBe(200);
    await t.services.jobs.drain();
    expect((await subscriptionRow(t, subscriptionId)).expirationDate.toISOString()).toBe('2027-03-05T09:00:00.000Z');
    clock.set(new Date(clock.now().getTime() + 5 * 60_000));
    expect(await renewalSchedule(t)).toEqual([]);
    expect((await chargesOf(t, subscriptionId))[0]).toMatchObject({ status: 'succeeded' });
  });
});
