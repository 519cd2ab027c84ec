import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { packages, subscriptions } from '../../src/server/schema';
import { seededPackages, shippingFields } from '../support/checkout';
import { settableClock } from '../../src/server/lib/clock';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { renewChargeLease } from '../../src/server/features/renewals/charges';
import { claimCharge, scheduleDueCharges } from '../../src/server/features/renewals/subscription-charges';
import { signInAdmin } from '../support/admins';
import { buyWithAutoRenew } from '../support/saved-cards';
import { chargesOf, credentialsOf, DAY, demoIntentsOf, mailsTo, renewalOrdersOf, renewalSchedule, subjectsTo, subscriptionRow } from '../support/renewal-charges';
import { useTestApp, type TestApp } from '../support/test-app';

const START = '2027-01-05T09:00:00.000Z';
/** A month of the 1 Month package from START. */
const EXPIRY = '2027-02-05T09:00:00.000Z';
const at = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY);

const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const CARD_NEEDS_AUTHENTICATION = '4000002760003184';

async function autoRenewing(t: TestApp, clock: ReturnType<typeof settableClock>, card?: string) {
  clock.set(START);
  const bought = await buyWithAutoRenew(t, card ? { card } : {});
  await t.services.jobs.drain();
  const subscription = await subscriptionRow(t, bought.subscriptionId);
  expect(subscription.expirationDate.toISOString()).toBe(EXPIRY);
  expect(subscription.autoRenew).toBe(true);
  return { ...bought, subscription, cookies: bought.cookies! };
}

describe('automatic renewal by card', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });
  beforeEach(() => clock.set(START));

  it('charges the saved card once, 3 days before expiry, and extends the same subscription', async () => {
    const bought = await autoRenewing(t, clock);
    const credentials = await credentialsOf(t, bought.subscriptionId);

    clock.set(at(EXPIRY, -3.5));
    expect(await renewalSchedule(t)).toEqual([]);
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);

    // Run again, and twice at once: the period is charged already.
    expect(await renewalSchedule(t)).toEqual([]);
    expect((await Promise.all([t.services.renewalCharges.runPass(), t.services.renewalCharges.runPass()])).flat()).toEqual([]);

    const renewed = await subscriptionRow(t, bought.subscriptionId);
    expect(renewed.id).toBe(bought.subscriptionId);
    expect(renewed.expirationDate.toISOString()).toBe('2027-03-05T09:00:00.000Z');
    expect(renewed.status).toBe('active');
    expect(await credentialsOf(t, bought.subscriptionId)).toEqual(credentials);

    const [order, ...others] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(others).toEqual([]);
    expect(order).toMatchObject({ paymentStatus: 'completed', paymentMethod: 'card', totalAmount: '15.99', deviceCount: '1' });
    const intents = await demoIntentsOf(t, order!.id);
    expect(intents.map((intent) => [intent.amount, intent.status])).toEqual([[1599, 'succeeded']]);
    const [charge] = await chargesOf(t, bought.subscriptionId);
    expect(charge).toMatchObject({ status: 'succeeded', attempts: 1, orderId: order!.id, amountCents: 1599 });

    const mails = await mailsTo(t, bought.email);
    const confirmation = mails.find((mail) => mail.subject === `Order Confirmation - ${order!.id}`);
    expect(confirmation?.text).toContain('Thank you for renewing your subscription. Your device credentials stay the same.');
    // The receipt: the period, the card charged, the new expiry and the next charge; no activation line (decision 0075).
    expect(confirmation?.text).toContain(
      'Period: February 5, 2027 – March 5, 2027\nPaid with: card ending 4242\nNew expiry: March 5, 2027 at 9:00 AM (UTC)\nNext renewal: your card is charged on March 2, 2027',
    );
    expect(confirmation?.text).toContain('Automatic renewal is on: we will next charge your card on March 2, 2027, 3 days before this expiry.');
    expect(confirmation?.text).not.toContain('Service activation');
    expect(confirmation?.headers).toEqual({});

    // The renewal order is in the admin's list like any other.
    const admin = await signInAdmin(t);
    const list = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${order!.id}`, cookies: admin });
    expect(list.json<Array<{ id: string; paymentStatus: string }>>().map((row) => [row.id, row.paymentStatus])).toEqual([[order!.id, 'completed']]);

    // The next period is charged 3 days before the new expiry.
    clock.set(at('2027-03-05T09:00:00.000Z', -3));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe('2027-04-05T09:00:00.000Z');
  });

  it('charges a charge whose instance died holding it a minute later, and leaves one whose instance still beats', async () => {
    const bought = await autoRenewing(t, clock);
    clock.set(at(EXPIRY, -3));
    // An instance claims the charge (as a pass does) and is killed before charging it.
    await scheduleDueCharges(t.database.db, clock.now(), at(EXPIRY, 0));
    const [scheduled] = await chargesOf(t, bought.subscriptionId);
    expect(await claimCharge(t.database.db, scheduled!.id, clock.now())).not.toBeNull();

    clock.advance(50_000);
    expect(await renewalSchedule(t)).toEqual([]);
    // An instance still working on it renews its lease every 15 s: the others keep away.
    await renewChargeLease(t.database.db, scheduled!.id, clock.now());
    clock.advance(50_000);
    expect(await renewalSchedule(t)).toEqual([]);
    clock.advance(11_000);
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    expect(await renewalOrdersOf(t, bought.subscriptionId)).toHaveLength(1);
  });

  it('charges today\'s price when the owner changed it since the purchase', async () => {
    const bought = await autoRenewing(t, clock);
    await t.database.db.update(packages).set({ price: '17.49' }).where(eq(packages.id, bought.subscription.packageId));
    t.services.catalog.invalidate();
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(order!.totalAmount).toBe('17.49');
    expect((await demoIntentsOf(t, order!.id)).map((intent) => intent.amount)).toEqual([1749]);
  });

  it("renews a streaming box's subscription alone, at the price of the package of its period", async () => {
    const { box } = await seededPackages(t.app);
    clock.set(START);
    const bought = await buyWithAutoRenew(t, { packageId: box.id, fields: shippingFields });
    // The box's subscription starts when its buyer turns it on (as the account's activation does).
    await t.database.db.update(subscriptions).set({ status: 'active', startDate: clock.now() }).where(eq(subscriptions.id, bought.subscriptionId));
    const listed = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: bought.cookies! })).json<Array<{ nextChargeAmount: string | null }>>();
    expect(listed[0]!.nextChargeAmount).toBe('69.99');

    const { expirationDate } = await subscriptionRow(t, bought.subscriptionId);
    clock.set(at(expirationDate.toISOString(), -3));
    expect(await renewalSchedule(t)).toEqual(['succeeded']);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    const [sixMonths] = await t.database.db.select().from(packages).where(eq(packages.name, '6 Months Premium'));
    expect(order).toMatchObject({ packageId: sixMonths!.id, totalAmount: '69.99', requiresShipping: false, paymentStatus: 'completed' });
    expect((await subscriptionRow(t, bought.subscriptionId)).packageId).toBe(sixMonths!.id);
  });

  it('charges nothing for a package the owner deactivated, and tells the customer', async () => {
    const bought = await autoRenewing(t, clock);
    await t.database.db.update(packages).set({ isActive: false }).where(eq(packages.id, bought.subscription.packageId));
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['skipped']);
    expect(await renewalSchedule(t)).toEqual([]);
    expect(await renewalOrdersOf(t, bought.subscriptionId)).toEqual([]);
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe(EXPIRY);
    const skipped = (await mailsTo(t, bought.email)).filter((mail) => mail.subject === 'Your package is no longer sold');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]!.text).toContain('the package is no longer sold, so we have not charged your card.');
    expect(skipped[0]!.headers).toEqual({});
  });

  it('tries a declined card again after 1 and 3 days, then stops, emailing the customer at each decline', async () => {
    const bought = await autoRenewing(t, clock, CARD_INSUFFICIENT_FUNDS);
    const declinedMails = async () => (await mailsTo(t, bought.email)).filter((row) => row.subject === 'Your renewal payment failed');
    const updateCard = `Update card: http://localhost:5000/account?update-card=${bought.subscriptionId}`;

    // The first decline is said at once: the reason in plain words, the next attempt, the Update card link.
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    let mails = await declinedMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We could not charge $15.99 to your Visa ending 9995 for your 1 Month Premium renewal: Your card has insufficient funds.');
    expect(mails[0]!.text).toContain('We will try again on February 3, 2027 at 9:00 AM (UTC).');
    expect(mails[0]!.text).toContain(updateCard);
    expect(mails[0]!.html).toContain(`href="http://localhost:5000/account?update-card=${bought.subscriptionId}"`);
    expect(mails[0]!.headers).toEqual({});
    clock.set(at(EXPIRY, -2.5));
    expect(await renewalSchedule(t)).toEqual([]);
    expect(await declinedMails()).toHaveLength(1);

    // The first retry: one more email, with the last attempt's day.
    clock.set(at(EXPIRY, -2));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    clock.set(at(EXPIRY, -1));
    expect(await renewalSchedule(t)).toEqual([]);
    mails = await declinedMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('We will try again on February 5, 2027 at 9:00 AM (UTC).');

    // The last retry: the expiry and the end of the grace period.
    clock.set(at(EXPIRY, 0));
    expect(await renewalSchedule(t)).toEqual(['failed']);
    clock.set(at(EXPIRY, 2));
    expect(await renewalSchedule(t)).toEqual([]);
    mails = await declinedMails();
    expect(mails).toHaveLength(3);
    expect(mails[2]!.text).toContain('Your card has insufficient funds.');
    expect(mails[2]!.text).toContain(
      'We tried 3 times and will not try again. Your subscription expires on February 5, 2027 at 9:00 AM (UTC); your devices keep working until the grace period ends on February 8, 2027 at 9:00 AM (UTC).',
    );
    expect(mails[2]!.text).toContain(updateCard);
    expect(mails[2]!.html).toContain('Update card');

    const [charge] = await chargesOf(t, bought.subscriptionId);
    expect(charge).toMatchObject({ status: 'failed', attempts: 3, lastErrorCode: 'insufficient_funds', lastErrorMessage: 'Your card has insufficient funds.' });
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    // One PaymentIntent per attempt, each declined: nothing was charged.
    expect((await demoIntentsOf(t, order!.id)).map((intent) => intent.status).sort()).toEqual(['requires_payment_method', 'requires_payment_method', 'requires_payment_method']);
    expect(order!.paymentStatus).toBe('failed');
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe(EXPIRY);
  });

  it('says where the renewal stands on the account: scheduled, retrying, failed, off', async () => {
    const bought = await autoRenewing(t, clock, CARD_INSUFFICIENT_FUNDS);
    const renewal = async () => {
      const list = await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: bought.cookies });
      return list.json<Array<{ id: string; renewal: unknown }>>().find((row) => row.id === bought.subscriptionId)!.renewal;
    };
    expect(await renewal()).toEqual({ state: 'scheduled', nextAttemptAt: null, lastDeclineMessage: null });
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    expect(await renewal()).toEqual({ state: 'retrying', nextAttemptAt: '2027-02-03T09:00:00.000Z', lastDeclineMessage: 'Your card has insufficient funds.' });
    clock.set(at(EXPIRY, -2));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    expect(await renewal()).toEqual({ state: 'retrying', nextAttemptAt: '2027-02-05T09:00:00.000Z', lastDeclineMessage: 'Your card has insufficient funds.' });
    clock.set(at(EXPIRY, 0));
    expect(await renewalSchedule(t)).toEqual(['failed']);
    const failed = { state: 'failed', nextAttemptAt: null, lastDeclineMessage: 'Your card has insufficient funds.' };
    expect(await renewal()).toEqual(failed);
    // Still failed in the grace period and after the suspension: the period's charge stays declined.
    clock.set(at(EXPIRY, 4));
    await t.services.renewalSchedule.runPass();
    expect(await renewal()).toEqual(failed);

    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies });
    expect(off.json()).toMatchObject({ renewal: { state: 'off', nextAttemptAt: null, lastDeclineMessage: null } });
    expect(await renewal()).toEqual({ state: 'off', nextAttemptAt: null, lastDeclineMessage: null });
  });

  it('stops trying once the customer turns auto-renew off', async () => {
    const bought = await autoRenewing(t, clock, CARD_INSUFFICIENT_FUNDS);
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['declined']);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies });
    expect(off.statusCode).toBe(200);
    clock.set(at(EXPIRY, -2));
    expect(await renewalSchedule(t)).toEqual(['cancelled']);
    clock.set(at(EXPIRY, 0));
    expect(await renewalSchedule(t)).toEqual([]);
    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(await demoIntentsOf(t, order!.id)).toHaveLength(1);
    // The one decline was said; no more once automatic renewal is off.
    expect((await subjectsTo(t, bought.email)).filter((subject) => subject === 'Your renewal payment failed')).toHaveLength(1);
  });

  it('emails a link when the bank asks for 3-D Secure, and the confirmed payment extends the subscription', async () => {
    const bought = await autoRenewing(t, clock, CARD_NEEDS_AUTHENTICATION);
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    expect(await renewalSchedule(t)).toEqual([]);
    const [charge] = await chargesOf(t, bought.subscriptionId);
    const [listed] = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: bought.cookies })).json();
    expect(listed.renewal).toEqual({ state: 'needs_authentication', nextAttemptAt: null, lastDeclineMessage: 'Your bank asks you to confirm the payment.' });
    const mail = (await mailsTo(t, bought.email)).find((row) => row.subject === 'Confirm your renewal payment')!;
    const token = renewalConfirmToken(t.config.SESSION_SECRET, charge!.id);
    const link = `http://localhost:5000/renewals/${charge!.id}/confirm?token=${token}`;
    expect(mail.text).toContain(`Confirm the payment: ${link}`);
    expect(mail.html).toContain('Confirm payment');
    expect((await subscriptionRow(t, bought.subscriptionId)).expirationDate.toISOString()).toBe(EXPIRY);

    // The page, opened from the email without signing in.
    const page = await t.app.inject({ method: 'GET', url: `/api/renewals/${charge!.id}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ state: 'awaiting_confirmation', packageName: '1 Month Premium', amount: '15.99', currency: 'USD', deviceCount: 1, cardProvider: 'demo', card: { last4: '3184' } });
    // A forged token, or no token and no session, finds nothing.
    for (const url of [`/api/renewals/${charge!.id}?token=${token.slice(0, -2)}xx`, `/api/renewals/${charge!.id}`]) {
      const refused = await t.app.inject({ method: 'GET', url });
      expect([refused.statusCode, refused.json()]).toEqual([404, { message: 'Renewal not found' }]);
    }
    // Its owner, signed in, needs no token.
    const owned = await t.app.inject({ method: 'GET', url: `/api/renewals/${charge!.id}`, cookies: bought.cookies });
    expect(owned.json()).toMatchObject({ state: 'awaiting_confirmation' });

    const confirmed = await t.app.inject({ method: 'POST', url: `/api/renewals/${charge!.id}/confirm`, payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    // "Your renewal is paid" shows the new expiry at once, not the one the charge renewed.
    expect(confirmed.json()).toMatchObject({ state: 'paid', expirationDate: '2027-03-05T09:00:00.000Z' });
    // The paid order's jobs run too, and add nothing.
    await t.services.jobs.drain();
    // Confirming again changes nothing.
    const again = await t.app.inject({ method: 'POST', url: `/api/renewals/${charge!.id}/confirm`, payload: { token } });
    expect(again.json()).toMatchObject({ state: 'paid', expirationDate: '2027-03-05T09:00:00.000Z' });

    const [order] = await renewalOrdersOf(t, bought.subscriptionId);
    expect(order!.paymentStatus).toBe('completed');
    expect((await demoIntentsOf(t, order!.id)).map((intent) => intent.status)).toEqual(['succeeded']);
    expect(await subjectsTo(t, bought.email)).toContain(`Order Confirmation - ${order!.id}`);
    expect((await chargesOf(t, bought.subscriptionId))[0]).toMatchObject({ status: 'succeeded' });
  });

  it('says a confirmation link has expired a week after the period it would renew', async () => {
    const bought = await autoRenewing(t, clock, CARD_NEEDS_AUTHENTICATION);
    clock.set(at(EXPIRY, -3));
    expect(await renewalSchedule(t)).toEqual(['requires_action']);
    const [charge] = await chargesOf(t, bought.subscriptionId);
    clock.set(at(EXPIRY, 8));
    const token = renewalConfirmToken(t.config.SESSION_SECRET, charge!.id);
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/renewals/${charge!.id}/confirm`, payload: { token } });
    expect(confirmed.json()).toMatchObject({ state: 'expired', clientSecret: null });
    expect((await renewalOrdersOf(t, bought.subscriptionId))[0]!.paymentStatus).toBe('pending');
  });
});
