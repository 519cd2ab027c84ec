import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { browserCookieOf, checkoutForm, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { demoIntentsOf, renewalOrdersOf, subscriptionRow } from '../support/renewal-charges';
import { buyWithAutoRenew, buyWithAutoRenewOnStripe } from '../support/saved-cards';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
/** A month of the 1 Month package from START, and the month after. */
const EXPIRY = '2027-02-05T09:00:00.000Z';
const RENEWED = '2027-03-05T09:00:00.000Z';

const payWithSavedCard = (t: TestApp, form: Record<string, unknown>, cookies: Record<string, string> | null) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/saved-card', payload: form, cookies: cookies ?? {} });

async function renewalForm(t: TestApp, bought: { email: string; subscriptionId: string }, overrides: Record<string, unknown> = {}) {
  const { oneMonth } = await seededPackages(t.app);
  return checkoutForm(oneMonth.id, { email: bought.email, renewsSubscriptionId: bought.subscriptionId, autoRenew: true, deviceCount: '2', ...overrides });
}

describe('a renewal by hand paid with the saved card in one tap (demo card provider)', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('charges the server\'s price once however often it is tapped, extends the subscription, and keeps automatic renewal on', async () => {
    const bought = await buyWithAutoRenew(t);
    const form = await renewalForm(t, bought);
    // What the browser might claim is not read: the body has no amount the server takes.
    const first = await payWithSavedCard(t, { ...form, totalAmount: '0.01' }, bought.cookies);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'paid', expirationDate: RENEWED, clientSecret: null });
    // Tapped again from the same browser (its bid cookie): the same order, not a second charge.
    const again = await payWithSavedCard(t, { ...form, totalAmount: '0.01' }, { ...bought.cookies, ...browserCookieOf(first) });
    expect(again.json()).toMatchObject({ outcome: 'paid', orderId: first.json().orderId, expirationDate: RENEWED });
    await t.services.jobs.drain();

    const [order, ...others] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(others).toEqual([]);
    // 1 Month Premium $15.99 and a second device $5.99.
    expect(order).toMatchObject({ id: first.json().orderId, paymentStatus: 'completed', paymentMethod: 'card', totalAmount: '21.98', deviceCount: '2' });
    expect((await demoIntentsOf(t, order!.id)).map((intent) => [intent.amount, intent.status])).toEqual([[2198, 'succeeded']]);

    const renewed = await subscriptionRow(t, bought.subscriptionId);
    expect(renewed).toMatchObject({ autoRenew: true, deviceCount: 2 });
    expect(renewed.expirationDate.toISOString()).toBe(RENEWED);
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: bought.cookies! })).json();
    expect(listed).toMatchObject({ autoRenew: true, savedCard: { last4: '4242' }, expirationDate: RENEWED });
  });

  it('keeps automatic renewal as it was when the box is left unticked, and turns it on with the saved card when ticked', async () => {
    const bought = await buyWithAutoRenew(t);
    const paid = await payWithSavedCard(t, await renewalForm(t, bought, { autoRenew: false }), bought.cookies);
    expect(paid.json()).toMatchObject({ outcome: 'paid' });
    expect((await subscriptionRow(t, bought.subscriptionId)).autoRenew).toBe(true);

    await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    const ticked = await payWithSavedCard(t, await renewalForm(t, bought, { autoRenew: true, deviceCount: '1' }), bought.cookies);
    expect(ticked.json()).toMatchObject({ outcome: 'paid', expirationDate: '2027-04-05T09:00:00.000Z' });
    expect((await subscriptionRow(t, bought.subscriptionId)).autoRenew).toBe(true);
  });

  it('asks for 3-D Secure, then the confirmation pays the order once and answers the new expiry', async () => {
    const bought = await buyWithAutoRenew(t, { card: '4000002760003184' });
    const asked = await payWithSavedCard(t, await renewalForm(t, bought, { deviceCount: '1' }), bought.cookies);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ outcome: 'requires_action', expirationDate: null, clientSecret: null });
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe(EXPIRY);

    const { orderId } = asked.json<{ orderId: string }>();
    const stranger = await registerCustomer(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/checkout/saved-card/confirm', payload: { orderId }, cookies: stranger.cookies });
    expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Order not found' }]);

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/checkout/saved-card/confirm', payload: { orderId }, cookies: bought.cookies! });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ outcome: 'paid', orderId, expirationDate: RENEWED, clientSecret: null });
    const twice = await t.app.inject({ method: 'POST', url: '/api/checkout/saved-card/confirm', payload: { orderId }, cookies: bought.cookies! });
    expect(twice.json()).toMatchObject({ outcome: 'paid', expirationDate: RENEWED });
    expect((await demoIntentsOf(t, orderId)).map((intent) => [intent.amount, intent.status])).toEqual([[1599, 'succeeded']]);
  });

  it('says a declined saved card, and refuses a subscription without a card, a stranger and a guest', async () => {
    const bought = await buyWithAutoRenew(t, { card: '4000000000009995' });
    const declined = await payWithSavedCard(t, await renewalForm(t, bought), bought.cookies);
    expect([declined.statusCode, declined.json()]).toEqual([402, { message: 'Your card has insufficient funds.' }]);
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe(EXPIRY);

    await t.database.db.update(subscriptions).set({ savedCardId: null, autoRenew: false }).where(eq(subscriptions.id, bought.subscriptionId));
    const noCard = await payWithSavedCard(t, await renewalForm(t, bought), bought.cookies);
    expect([noCard.statusCode, noCard.json()]).toEqual([409, { message: 'This subscription has no saved card. Please enter a card.' }]);

    const stranger = await registerCustomer(t.app);
    const notTheirs = await payWithSavedCard(t, await renewalForm(t, bought, { email: stranger.customer.email }), stranger.cookies);
    expect([notTheirs.statusCode, notTheirs.json()]).toEqual([404, { message: 'Subscription not found' }]);
    const guest = await payWithSavedCard(t, await renewalForm(t, bought), null);
    expect([guest.statusCode, guest.json()]).toEqual([404, { message: 'Subscription not found' }]);
  });
});

describe('a renewal by hand paid with the saved card on Stripe (a local stand-in of its API)', () => {
  const clock = settableClock(START);
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers, clock });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
    clock.set(START);
  });

  it('charges the saved payment method once under the order\'s key for the server\'s total', async () => {
    const bought = await buyWithAutoRenewOnStripe(t, stripe, '4242424242424242');
    expect(await subscriptionRow(t, bought.subscriptionId)).toMatchObject({ autoRenew: true });

    const form = await renewalForm(t, bought, { deviceCount: '1' });
    const first = await payWithSavedCard(t, form, bought.cookies);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'paid', expirationDate: RENEWED });
    await payWithSavedCard(t, form, { ...bought.cookies, ...browserCookieOf(first) });
    const key = `saved-card-${first.json<{ orderId: string }>().orderId}`;
    const charges = stripe.requests.filter((request) => request.method === 'POST' && request.headers['idempotency-key'] === key);
    expect(charges.length).toBeGreaterThanOrEqual(1);
    expect(new Set(charges.map((request) => JSON.stringify(request.form)))).toHaveLength(1);
    expect(charges[0]!.form).toMatchObject({ amount: '1599', currency: 'usd', off_session: 'true', confirm: 'true' });
    const intents = [...stripe.intents.values()].filter((intent) => intent.metadata.orderId === first.json<{ orderId: string }>().orderId);
    expect(intents.map((intent) => [intent.amount, intent.status])).toEqual([[1599, 'succeeded']]);
    expect((await subscriptionRow(t, bought.subscriptionId)).autoRenew).toBe(true);
  });
});
