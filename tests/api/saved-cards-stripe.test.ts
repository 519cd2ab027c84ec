import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Subscription } from '../../src/contract/subscriptions';
import { savedCards, subscriptions } from '../../src/server/schema';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { registerCustomer, type SignedIn } from '../support/customers';
import { postStripeEvent, STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp } from '../support/test-app';

describe('"Renew automatically" and "Update card" with Stripe (a local stand-in of its API)', () => {
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
  });

  const webhook = (event: { payload: string; signature: string }) => postStripeEvent(t.app, event);

  async function subscriptionsOf(cookies: SignedIn['cookies']): Promise<Subscription[]> {
    return (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies })).json();
  }

  /** A signed-in buyer's card checkout with the box ticked, paid through Stripe.js and told by the webhook. */
  async function buyWithAutoRenew(buyer: SignedIn, cardNumber = '4242424242424242') {
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: buyer.customer.email, autoRenew: true }), buyer.cookies);
    expect(placed.statusCode).toBe(200);
    const intentId = intentIdOf(placed.json().clientSecret);
    const paid = stripe.payWithCard(intentId, cardNumber);
    const event = stripe.event('payment_intent.succeeded', paid);
    expect((await webhook(event)).statusCode).toBe(200);
    await t.services.jobs.drain();
    return { orderId: placed.json().order.id as string, intentId, event };
  }

  it('opens the PaymentIntent for a Stripe Customer with setup_future_usage, reused by a second purchase', async () => {
    const buyer = await registerCustomer(t.app);
    const { intentId } = await buyWithAutoRenew(buyer);
    const intent = stripe.intents.get(intentId)!;
    expect(intent.customer).toMatch(/^cus_/);
    expect(intent.setup_future_usage).toBe('off_session');
    expect(stripe.customers.get(intent.customer!)).toMatchObject({ email: buyer.customer.email });

    const second = await buyWithAutoRenew(buyer);
    expect(stripe.intents.get(second.intentId)!.customer).toBe(intent.customer);
    expect([...stripe.customers.values()].filter((customer) => customer.email === buyer.customer.email)).toHaveLength(1);
  });

  it('saves the card named by Stripe once, however often the webhook comes, and shows it in the account', async () => {
    const buyer = await registerCustomer(t.app);
    const { event, orderId, intentId } = await buyWithAutoRenew(buyer, '4000002760003184');
    // The same delivery again, and another event about the same payment.
    expect((await webhook(event)).statusCode).toBe(200);
    expect((await webhook(stripe.event('payment_intent.succeeded', stripe.intents.get(intentId)!))).statusCode).toBe(200);
    await t.services.jobs.drain();

    expect(await t.database.db.select().from(savedCards).where(eq(savedCards.customerId, buyer.customer.id))).toHaveLength(1);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(row).toMatchObject({ autoRenew: true });
    const [subscription] = await subscriptionsOf(buyer.cookies);
    expect(subscription).toMatchObject({ autoRenew: true, savedCard: { brand: 'visa', last4: '3184', expMonth: 12, expYear: 2034 }, nextChargeAmount: '15.99' });
    const [card] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, row!.savedCardId!));
    expect(stripe.paymentMethods.get(card!.providerPaymentMethodId)).toMatchObject({ customer: card!.providerCustomerId });
  });

  it('updates the card through a SetupIntent the server checks with Stripe, and a declined card changes nothing', async () => {
    const buyer = await registerCustomer(t.app);
    const { orderId } = await buyWithAutoRenew(buyer);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));

    const setup = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${row!.id}/card-setup`, cookies: buyer.cookies });
    expect(setup.statusCode).toBe(200);
    const { provider, setupIntentId, clientSecret } = setup.json();
    expect(provider).toBe('stripe');
    expect(stripe.setupIntents.get(setupIntentId)).toMatchObject({ usage: 'off_session', client_secret: clientSecret, customer: expect.stringMatching(/^cus_/) });

    stripe.confirmSetup(setupIntentId, '4000000000000002');
    const declined = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${row!.id}/card`, cookies: buyer.cookies, payload: { setupIntentId } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was not saved. Please try another card.' });
    expect((await subscriptionsOf(buyer.cookies))[0]).toMatchObject({ savedCard: { last4: '4242' } });

    stripe.confirmSetup(setupIntentId, '4000000000009995');
    const updated = await t.app.inject({ method: 'POST', url: `/api/subscriptions/${row!.id}/card`, cookies: buyer.cookies, payload: { setupIntentId } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ autoRenew: true, savedCard: { last4: '9995' } });
    expect(stripe.requests.some((request) => request.method === 'GET' && request.path === `/v1/setup_intents/${setupIntentId}`)).toBe(true);
  });
});
