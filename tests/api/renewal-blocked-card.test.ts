import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { demoCardFingerprint } from '../../src/server/providers/payments/demo-saved-cards';
import { auditLog, savedCards, subscriptions } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { chargesOf, DAY, demoIntentsOf, mailsTo, renewalOrdersOf, renewalSchedule } from '../support/renewal-charges';
import { buyWithAutoRenew, buyWithAutoRenewOnStripe } from '../support/saved-cards';
import { STRIPE_TEST_SETTINGS, useStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { standInCardFingerprint } from '../support/stripe-stand-in-saved-cards';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * A saved card's fingerprint is kept when the card is saved, and an off-session renewal of a
 * blocked card is refused before the provider is asked (decision 0101); a card saved before
 * fingerprints were kept is screened when its payment completes, as before (decision 0099).
 */
const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');
const CHARGE_DAY = new Date(EXPIRY.getTime() - 3 * DAY);
const STORE_REFUSAL = 'We could not accept this card. Contact support.';

async function blockCard(t: TestApp, fingerprint: string) {
  const admin = await signInAdmin(t);
  const added = await t.app.inject({ method: 'POST', url: '/api/admin/blocklist', payload: { kind: 'card', value: fingerprint, reason: 'Chargeback' }, cookies: admin });
  expect(added.statusCode).toBe(201);
}

async function savedCardOf(t: TestApp, subscriptionId: string) {
  const [row] = await t.database.db.select({ card: savedCards }).from(subscriptions).innerJoin(savedCards, eq(savedCards.id, subscriptions.savedCardId)).where(eq(subscriptions.id, subscriptionId));
  return row!.card;
}

const refusals = async (t: TestApp) => (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'blocklist.refused'))).map((row) => row.after);

describe('a blocked saved card with the demo provider', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('keeps the fingerprint of the saved card and refuses its renewal charge before charging, as a decline with its retries', async () => {
    const bought = await buyWithAutoRenew(t);
    const card = await savedCardOf(t, bought.subscriptionId);
    expect(card.cardFingerprint).toBe(demoCardFingerprint('4242424242424242'));
    await blockCard(t, card.cardFingerprint!);

    clock.set(CHARGE_DAY);
    expect(await renewalSchedule(t)).toEqual(['declined']);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    // Nothing was asked of the provider: no PaymentIntent for the renewal order.
    expect(await demoIntentsOf(t, order!.id)).toEqual([]);
    expect(order).toMatchObject({ paymentStatus: 'pending' });
    const [charge] = await chargesOf(t, bought.subscriptionId);
    // A decline as the bank's: tried again a day later.
    expect(charge).toMatchObject({ status: 'scheduled', attempts: 1, lastErrorCode: 'store_refused', paymentIntentId: null, nextAttemptAt: new Date(CHARGE_DAY.getTime() + DAY) });
    expect(await refusals(t)).toEqual([expect.objectContaining({ flow: 'renewal_charge', kind: 'card', value: card.cardFingerprint, reason: 'Chargeback' })]);
    const declined = (await mailsTo(t, bought.email)).find((mail) => mail.text.includes(STORE_REFUSAL));
    expect(declined?.text).toContain(`for your 1 Month Premium renewal: ${STORE_REFUSAL}`);

    // The next attempt, a day later, is refused the same way; the subscription is not extended.
    clock.set(new Date(CHARGE_DAY.getTime() + DAY));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    expect(await demoIntentsOf(t, order!.id)).toEqual([]);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId));
    expect(subscription!.expirationDate).toEqual(EXPIRY);
  });

  it('charges a card saved before fingerprints were kept, and holds its paid renewal for review as before', async () => {
    const bought = await buyWithAutoRenew(t);
    await t.database.db.update(savedCards).set({ cardFingerprint: null }).where(eq(savedCards.id, (await savedCardOf(t, bought.subscriptionId)).id));
    await blockCard(t, demoCardFingerprint('4242424242424242'));

    clock.set(CHARGE_DAY);
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    expect((await demoIntentsOf(t, order!.id)).map((intent) => intent.status)).toEqual(['succeeded']);
    expect(order).toMatchObject({ paymentStatus: 'needs_review' });
    // The card was charged once: the charge is settled, not tried again the next day.
    expect(await chargesOf(t, bought.subscriptionId)).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 1 })]);
    clock.set(new Date(CHARGE_DAY.getTime() + DAY));
    expect(await renewalSchedule(t)).toEqual([]);
    expect(await demoIntentsOf(t, order!.id)).toHaveLength(1);
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, bought.subscriptionId));
    expect(subscription!.expirationDate).toEqual(EXPIRY);
  });

  it('charges an unblocked saved card as before', async () => {
    const bought = await buyWithAutoRenew(t);
    await blockCard(t, demoCardFingerprint('4000002760003184'));
    clock.set(CHARGE_DAY);
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    expect(await refusals(t)).toEqual([]);
    expect((await renewalOrdersOf(t, bought.subscriptionId)).map((order) => order.paymentStatus)).toEqual(['completed']);
  });
});

describe('a blocked saved card with Stripe (a local stand-in of its API)', () => {
  const clock = settableClock(START);
  const standIn = useStripeStandIn();
  const t = useTestApp(STRIPE_TEST_SETTINGS, { providers: standIn.providers, clock });
  let stripe: StripeStandIn;
  beforeEach(() => {
    stripe = standIn.stripe();
    clock.set(START);
  });

  it('keeps the payment method\'s card.fingerprint and creates no PaymentIntent for a blocked card\'s renewal', async () => {
    const { subscriptionId } = await buyWithAutoRenewOnStripe(t, stripe, '4242424242424242');
    const card = await savedCardOf(t, subscriptionId);
    expect(card.cardFingerprint).toBe(standInCardFingerprint('4242424242424242'));
    await blockCard(t, card.cardFingerprint!);

    clock.set(CHARGE_DAY);
    const offSessionCalls = () => stripe.requests.filter((request) => request.method === 'POST' && request.form?.off_session === 'true');
    expect(await renewalSchedule(t)).toEqual(['declined']);
    expect(offSessionCalls()).toEqual([]);
    expect(await chargesOf(t, subscriptionId)).toEqual([expect.objectContaining({ status: 'scheduled', attempts: 1, lastErrorCode: 'store_refused' })]);
    expect((await refusals(t)).map((row) => row.flow)).toEqual(['renewal_charge']);
  });
});
