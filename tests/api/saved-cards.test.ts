import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../src/contract/subscriptions';
import { findSavedCard, type SavedCard } from '../../src/server/features/payments/index';
import { demoCardFingerprint } from '../../src/server/providers/payments/demo-saved-cards';
import { mailOutbox, savedCards, subscriptions } from '../../src/server/schema';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { signInAdmin } from '../support/admins';
import { registerCustomer, sessionCookieOf, setupTokenIn } from '../support/customers';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 3_600_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

async function subscriptionsOf(t: TestApp, cookies: { sid: string }): Promise<Subscription[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const setAutoRenew = (t: TestApp, cookies: { sid: string } | undefined, id: string, enabled: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${id}/auto-renew`, payload: { enabled }, ...(cookies ? { cookies } : {}) });

const offMailsTo = (t: TestApp, to: string) =>
  t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, 'Automatic renewal turned off')));

describe('checkout with "Renew automatically" (demo card provider)', () => {
  const t = useTestApp();

  it('refuses automatic renewal with crypto and with the free trial', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const crypto = await postCheckout(t.app, checkoutForm(oneMonth.id, { paymentMethod: 'crypto', autoRenew: true }));
    expect(crypto.statusCode).toBe(400);
    expect(crypto.json()).toEqual({ message: 'Automatic renewal is only available when paying by card' });
    const cryptoCreate = await postCryptoPayment(t.app, cryptoForm(oneMonth.id, { autoRenew: true }));
    expect(cryptoCreate.statusCode).toBe(400);
    expect(cryptoCreate.json()).toEqual({ message: 'Automatic renewal is only available when paying by card' });
    const trial = await postCheckout(t.app, checkoutForm('trial-36h', { selectedGiftCard: '', autoRenew: true }));
    expect(trial.statusCode).toBe(400);
    expect(trial.json()).toEqual({ message: 'The free trial does not renew automatically' });
    const notABoolean = await postCheckout(t.app, checkoutForm(oneMonth.id, { autoRenew: 'yes' }));
    expect(notABoolean.statusCode).toBe(400);
    expect(notABoolean.json()).toEqual({ message: 'autoRenew must be true or false' });
  });

  it('saves the paying card once and the subscription renews with it; the account shows the card and the next charge', async () => {
    const bought = await buyWithAutoRenew(t);
    const [subscription] = await subscriptionsOf(t, bought.cookies!);
    expect(subscription).toMatchObject({
      id: bought.subscriptionId,
      autoRenew: true,
      savedCard: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      nextChargeAmount: '15.99',
    });
    // RENEWAL_CHARGE_DAYS_BEFORE = 3: the card is charged three days before the expiry.
    expect(new Date(subscription!.nextChargeAt!).getTime()).toBe(new Date(subscription!.expirationDate).getTime() - 3 * DAY);
    // The order confirmation says what each renewal charges, when, and how to turn it off (decision 0075).
    await t.services.jobs.drain();
    const [confirmation] = await t.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, bought.email), eq(mailOutbox.subject, `Order Confirmation - ${bought.orderId}`)));
    expect(confirmation?.text).toContain('Automatic renewal: on, $15.99 3 days before each expiry');
    expect(confirmation?.text).toContain(
      "Automatic renewal is on: we will charge $15.99 (today's price) to the card you paid with 3 days before each expiry, and email you 7 days before each charge. To turn it off, use the Automatic renewal switch of your subscription on your account page: http://localhost:5000/account",
    );

    // The payment confirmed again and the job run again: still one card.
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId));
    await t.services.savedCards.saveCardOfPaidOrder(bought.orderId, bought.subscriptionId);
    await t.services.paidOrder.requeueProvisioning(bought.orderId);
    await t.services.jobs.drain();
    const cards = await t.database.db.select().from(savedCards).where(eq(savedCards.customerId, bought.customerId));
    expect(cards).toHaveLength(1);
    expect(cards[0]!.id).toBe(row!.savedCardId);
    expect(cards[0]).toMatchObject({ provider: 'demo', last4: '4242', providerCustomerId: expect.stringMatching(/^cus_demo_/), providerPaymentMethodId: expect.stringMatching(/^pm_demo_/) });
    // What the renewal job reads to charge it.
    const saved: SavedCard | null = await findSavedCard(t.database.db, row!.savedCardId!);
    expect(saved).toEqual({
      id: row!.savedCardId,
      customerId: bought.customerId,
      provider: 'demo',
      customerRef: cards[0]!.providerCustomerId,
      paymentMethodRef: cards[0]!.providerPaymentMethodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      // The card's fingerprint, for the blocklist before a renewal charge (decision 0101).
      cardFingerprint: demoCardFingerprint('4242424242424242'),
    });
  });

  it('leaves a purchase without the box as it was: no card, no automatic renewal, no next charge', async () => {
    const { cookies, customer } = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: customer.email }), cookies);
    expect(placed.statusCode).toBe(200);
    const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(placed.json().clientSecret)}/confirm`, payload: GOOD_CARD });
    expect(paid.statusCode).toBe(200);
    await t.services.jobs.drain();
    const [subscription] = await subscriptionsOf(t, cookies);
    expect(subscription).toMatchObject({ autoRenew: false, savedCard: null, nextChargeAt: null, nextChargeAmount: null });
    expect(await t.database.db.select().from(savedCards)).toHaveLength(0);
  });

  it('turns automatic renewal on with the new card when a renewal is bought by hand with the box ticked', async () => {
    const bought = await buyWithAutoRenew(t);
    expect((await setAutoRenew(t, bought.cookies!, bought.subscriptionId, false)).statusCode).toBe(200);
    const { oneMonth } = await seededPackages(t.app);
    const renewal = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: bought.email, autoRenew: true, renewsSubscriptionId: bought.subscriptionId }), bought.cookies!);
    expect(renewal.statusCode).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/demo/payment-intents/${intentIdOf(renewal.json().clientSecret)}/confirm`,
      payload: { ...GOOD_CARD, cardNumber: '4000 0000 0000 9995' },
    });
    expect(paid.statusCode).toBe(200);
    await t.services.jobs.drain();
    const [subscription] = await subscriptionsOf(t, bought.cookies!);
    expect(subscription).toMatchObject({ id: bought.subscriptionId, autoRenew: true, savedCard: { last4: '9995' } });
  });

  it('gives a guest who bought with automatic renewal a subscription that renews with the card', async () => {
    const bought = await buyWithAutoRenew(t, { guest: true, card: '4000002760003184' });
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId));
    expect(row).toMatchObject({ autoRenew: true, customerId: bought.customerId });
    const [card] = await t.database.db.select().from(savedCards).where(eq(savedCards.id, row!.savedCardId!));
    expect(card).toMatchObject({ last4: '3184', customerId: bought.customerId });
  });
});

describe('a guest who bought with automatic renewal joins their account', () => {
  const t = useTestApp();

  it('keeps the saved card on the subscription once the proven address merges the guest into the account', async () => {
    const { customer } = await registerCustomer(t.app, { email: 'merging@example.com' });
    const bought = await buyWithAutoRenew(t, { guest: true, email: 'merging@example.com' });
    expect(bought.customerId).not.toBe(customer.id);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'merging@example.com'));
    const token = setupTokenIn(mails.find((mail) => mail.text.includes('/setup/'))!.text);
    const proven = await t.app.inject({ method: 'POST', url: '/api/setup-password', payload: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' } });
    expect(proven.statusCode).toBe(200);
    const [subscription] = await subscriptionsOf(t, sessionCookieOf(proven));
    expect(subscription).toMatchObject({ id: bought.subscriptionId, autoRenew: true, savedCard: { last4: '4242' } });
    const cards = await t.database.db.select().from(savedCards);
    expect(cards.map((card) => card.customerId)).toEqual([customer.id]);
  });
});

describe('an order the admin moves to another address', () => {
  const t = useTestApp();

  it("stops renewing from the first buyer's card: the new owner adds their own", async () => {
    const bought = await buyWithAutoRenew(t, { guest: true, email: 'mona.lisa@example.com' });
    const cookies = await signInAdmin(t);
    const form = { firstName: 'Mary', lastName: 'Jackson', email: 'mary.jackson@example.com', phone: '', orderId: bought.orderId, confirmMove: true };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/create-customer', cookies, payload: form })).statusCode).toBe(201);
    const [moved] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId));
    expect(moved).toMatchObject({ autoRenew: false, savedCardId: null });
    expect(moved!.customerId).not.toBe(bought.customerId);
  });
});

describe('PATCH /api/subscriptions/:id/auto-renew', () => {
  const t = useTestApp();

  it('turns automatic renewal off at once, confirmed by one email, and on again with the saved card', async () => {
    const bought = await buyWithAutoRenew(t);
    const off = await setAutoRenew(t, bought.cookies!, bought.subscriptionId, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: bought.subscriptionId, autoRenew: false, nextChargeAt: null, savedCard: { last4: '4242' } });
    // Off again: nothing changes, no second email.
    expect((await setAutoRenew(t, bought.cookies!, bought.subscriptionId, false)).statusCode).toBe(200);
    const mails = await offMailsTo(t, bought.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Automatic renewal of your 1 Month Premium subscription is off: your saved card will not be charged.');
    expect(mails[0]!.html).toContain('Automatic renewal turned off');
    expect(mails[0]!.html).toContain('/account');
    expect(mails[0]!.html).not.toMatch(/unsubscribe/i);

    const on = await setAutoRenew(t, bought.cookies!, bought.subscriptionId, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ autoRenew: true, nextChargeAmount: '15.99' });
    expect((await setAutoRenew(t, bought.cookies!, bought.subscriptionId, true)).json()).toMatchObject({ autoRenew: true });
  });

  it('refuses to turn it on without a saved card, and answers 404 for another customer and 401 without a session', async () => {
    const bought = await buyWithAutoRenew(t);
    const { cookies, customer } = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);
    const placed = await postCheckout(t.app, checkoutForm(oneMonth.id, { email: customer.email }), cookies);
    await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(placed.json().clientSecret)}/confirm`, payload: GOOD_CARD });
    await t.services.jobs.drain();
    const [withoutCard] = await subscriptionsOf(t, cookies);

    const noCard = await setAutoRenew(t, cookies, withoutCard!.id, true);
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json()).toEqual({ message: 'Add a card to this subscription before turning on automatic renewal' });

    const another = await setAutoRenew(t, cookies, bought.subscriptionId, false);
    expect(another.statusCode).toBe(404);
    expect(another.json()).toEqual({ message: 'Subscription not found' });
    expect((await setAutoRenew(t, undefined, bought.subscriptionId, false)).statusCode).toBe(401);
    expect((await setAutoRenew(t, bought.cookies!, bought.subscriptionId, 'off')).json()).toEqual({ message: 'enabled must be true or false' });
    // The other customer's attempt changed nothing.
    const [mine] = await subscriptionsOf(t, bought.cookies!);
    expect(mine).toMatchObject({ autoRenew: true });
    expect(await offMailsTo(t, bought.email)).toHaveLength(0);
  });
});

describe('"Update card" with the demo card form', () => {
  const t = useTestApp();

  const openSetup = (cookies: { sid: string }, id: string) => t.app.inject({ method: 'POST', url: `/api/subscriptions/${id}/card-setup`, cookies });
  const confirmSetup = (setupIntentId: string, cardNumber: string) =>
    t.app.inject({ method: 'POST', url: `/api/demo/setup-intents/${setupIntentId}/confirm`, payload: { ...GOOD_CARD, cardNumber } });
  const useCard = (cookies: { sid: string }, id: string, setupIntentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/subscriptions/${id}/card`, cookies, payload: { setupIntentId } });

  it('saves the new card for the subscription once the provider says it was saved', async () => {
    const bought = await buyWithAutoRenew(t);
    const setup = await openSetup(bought.cookies!, bought.subscriptionId);
    expect(setup.statusCode).toBe(200);
    const { provider, clientSecret, setupIntentId } = setup.json();
    expect(provider).toBe('demo');
    expect(clientSecret).toMatch(/^seti_demo_\w+_secret_\w+$/);

    // Not confirmed yet: the browser's word is not enough.
    const early = await useCard(bought.cookies!, bought.subscriptionId, setupIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json()).toEqual({ message: 'Your card was not saved. Please try another card.' });

    expect((await confirmSetup(setupIntentId, '4000 0000 0000 9995')).statusCode).toBe(200);
    const updated = await useCard(bought.cookies!, bought.subscriptionId, setupIntentId);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ autoRenew: true, savedCard: { brand: 'visa', last4: '9995', expMonth: 12, expYear: 2034 } });
  });

  it('declines 4000 0000 0000 0002 with a clear message and keeps the old card', async () => {
    const bought = await buyWithAutoRenew(t);
    const { setupIntentId } = (await openSetup(bought.cookies!, bought.subscriptionId)).json();
    const declined = await confirmSetup(setupIntentId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
    const refused = await useCard(bought.cookies!, bought.subscriptionId, setupIntentId);
    expect(refused.statusCode).toBe(402);
    const [subscription] = await subscriptionsOf(t, bought.cookies!);
    expect(subscription).toMatchObject({ savedCard: { last4: '4242' } });
  });

  it('opens at most 10 card setups a day per account, then answers 429 with a clear message', async () => {
    const bought = await buyWithAutoRenew(t);
    for (let attempt = 1; attempt <= 10; attempt += 1) expect((await openSetup(bought.cookies!, bought.subscriptionId)).statusCode).toBe(200);
    const refused = await openSetup(bought.cookies!, bought.subscriptionId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many card updates on this account\. Please try again in \d+ minutes?\.$/);
  });

  it("refuses another customer's subscription and another customer's card setup", async () => {
    const first = await buyWithAutoRenew(t);
    const second = await buyWithAutoRenew(t);
    expect((await openSetup(second.cookies!, first.subscriptionId)).statusCode).toBe(404);
    const { setupIntentId } = (await openSetup(first.cookies!, first.subscriptionId)).json();
    await confirmSetup(setupIntentId, '4242 4242 4242 4242');
    const stolen = await useCard(second.cookies!, second.subscriptionId, setupIntentId);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: 'Card setup not found' });
    const bad = await useCard(second.cookies!, second.subscriptionId, 'pi_not_a_setup');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid setup intent id' });
  });
});
