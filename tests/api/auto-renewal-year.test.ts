import { describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { buyWithAutoRenew } from '../support/saved-cards';
import { chargesOf, DAY, mailsTo, renewalOrdersOf, subscriptionRow } from '../support/renewal-charges';
import { switchSavedCard } from '../support/renewal-cards';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * One simulated year of a card subscription with automatic renewal (decision 0045): the
 * clock moves a day at a time, each day the renewal pass and the expiry job run as the
 * store's schedule would, and every charge, email and change of the line is written down
 * with its day. One month the card is declined and the customer updates it before the
 * retry; one month the bank asks for 3-D Secure and the customer confirms from the email.
 */

const START = '2027-01-01T09:00:00.000Z';
/** Each day's pass runs an hour after the time of day the subscription was bought. */
const PASS_HOUR_MS = 60 * 60 * 1000;

const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const CARD_NEEDS_AUTHENTICATION = '4000002760003184';
const CARD_SUCCEEDS = '4242424242424242';

const day = (date: Date) => date.toISOString().slice(0, 10);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** An email as the timeline names it: its subject, the order confirmation without its order id. */
const emailLabel = (subject: string) => (subject.startsWith('Order Confirmation - ') ? 'Order confirmation' : subject);

interface Watch {
  t: TestApp;
  subscriptionId: string;
  email: string;
  lines: string[];
  seenMails: Set<string>;
  seenCharges: Map<string, string>;
  lastLine: string;
}

/** Writes down what changed since the last look: new emails, charges that moved, the line's state. */
async function look(watch: Watch, today: Date) {
  const date = day(today);
  for (const charge of await chargesOf(watch.t, watch.subscriptionId)) {
    const seen = `${charge.status}:${charge.attempts}`;
    if (watch.seenCharges.get(charge.id) === seen) continue;
    watch.seenCharges.set(charge.id, seen);
    const amount = charge.amountCents === null ? '' : dollars(charge.amountCents);
    const card = `card ending ${charge.cardLast4}`;
    if (charge.status === 'succeeded') watch.lines.push(`${date}  charge  ${amount} ${card}`);
    else if (charge.status === 'requires_action') watch.lines.push(`${date}  charge  ${amount} ${card} needs 3-D Secure`);
    else if (charge.lastErrorCode && charge.status !== 'charging') watch.lines.push(`${date}  charge  ${amount} ${card} declined: ${charge.lastErrorMessage}`);
  }
  for (const mail of await mailsTo(watch.t, watch.email)) {
    if (watch.seenMails.has(mail.id)) continue;
    watch.seenMails.add(mail.id);
    watch.lines.push(`${date}  email  ${emailLabel(mail.subject)}`);
  }
  const subscription = await subscriptionRow(watch.t, watch.subscriptionId);
  const line = subscription.status === 'active' ? `active until ${day(subscription.expirationDate)}` : subscription.status;
  if (line !== watch.lastLine) {
    watch.lastLine = line;
    watch.lines.push(`${date}  line  ${line}`);
  }
}

describe('one year of a card subscription with automatic renewal', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('renews every month by itself, through one declined month and one 3-D Secure month', { timeout: 240_000 }, async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t, {});
    await t.services.jobs.drain();
    const watch: Watch = { t, subscriptionId: bought.subscriptionId, email: bought.email, lines: [`${day(clock.now())}  charge  ${dollars(1599)} card ending 4242`], seenMails: new Set(), seenCharges: new Map(), lastLine: '' };
    await look(watch, clock.now());
    /** The customer's "Update card", written down with its day. */
    const useCard = async (date: string, cardNumber: string) => {
      await switchSavedCard(t, bought, cardNumber);
      watch.lines.push(`${date}  card  updated to card ending ${cardNumber.slice(-4)}`);
    };

    for (let n = 1; n <= 365; n++) {
      const today = new Date(new Date(START).getTime() + n * DAY + PASS_HOUR_MS);
      clock.set(today);
      const date = day(today);
      // The customer's own moves: a card that will be declined before April's charge, a
      // new card the day it was declined, a card that asks for 3-D Secure before July's.
      if (date === '2027-04-20') await useCard(date, CARD_INSUFFICIENT_FUNDS);
      if (date === '2027-07-20') await useCard(date, CARD_NEEDS_AUTHENTICATION);
      // The reminder pass (emails, expiry, grace), then the charges, as the two jobs run each day.
      await t.services.renewalSchedule.runPass(today);
      await t.services.renewalCharges.runPass(today);
      await t.services.jobs.drain();
      await look(watch, today);

      const declined = (await chargesOf(t, bought.subscriptionId)).find((charge) => charge.status === 'scheduled' && charge.attempts === 1);
      if (declined) await useCard(date, CARD_SUCCEEDS);
      const waiting = (await chargesOf(t, bought.subscriptionId)).find((charge) => charge.status === 'requires_action');
      if (waiting && date !== day(waiting.updatedAt)) {
        const token = renewalConfirmToken(t.config.SESSION_SECRET, waiting.id);
        const confirmed = await t.app.inject({ method: 'POST', url: `/api/renewals/${waiting.id}/confirm`, payload: { token } });
        expect(confirmed.json()).toMatchObject({ state: 'paid' });
        await t.services.jobs.drain();
        watch.lines.push(`${date}  page  3-D Secure confirmed`);
        await look(watch, today);
        await useCard(date, CARD_SUCCEEDS);
      }
    }

    // Twelve paid months and the first: every renewal order paid once.
    const renewals = await renewalOrdersOf(t, bought.subscriptionId);
    expect(renewals.map((row) => row.paymentStatus)).toEqual(Array.from({ length: 12 }, () => 'completed'));
    console.log(`Card auto-renew year:\n${watch.lines.join('\n')}`);
    expect(watch.lines).toEqual([
      '2027-01-01  charge  $15.99 card ending 4242',
      '2027-01-01  email  Order confirmation',
      '2027-01-01  line  active until 2027-02-01',
      '2027-01-22  email  Your subscription renews on January 29, 2027: $15.99 to the card ending 4242',
      '2027-01-29  charge  $15.99 card ending 4242',
      '2027-01-29  email  Order confirmation',
      '2027-01-29  line  active until 2027-03-01',
      '2027-02-19  email  Your subscription renews on February 26, 2027: $15.99 to the card ending 4242',
      '2027-02-26  charge  $15.99 card ending 4242',
      '2027-02-26  email  Order confirmation',
      '2027-02-26  line  active until 2027-04-01',
      '2027-03-22  email  Your subscription renews on March 29, 2027: $15.99 to the card ending 4242',
      '2027-03-29  charge  $15.99 card ending 4242',
      '2027-03-29  email  Order confirmation',
      '2027-03-29  line  active until 2027-05-01',
      '2027-04-20  card  updated to card ending 9995',
      '2027-04-21  email  Your subscription renews on April 28, 2027: $15.99 to the card ending 9995',
      '2027-04-28  charge  $15.99 card ending 9995 declined: Your card has insufficient funds.',
      '2027-04-28  email  Your renewal payment failed',
      '2027-04-28  card  updated to card ending 4242',
      '2027-04-29  charge  $15.99 card ending 4242',
      '2027-04-29  email  Order confirmation',
      '2027-04-29  line  active until 2027-06-01',
      '2027-05-22  email  Your subscription renews on May 29, 2027: $15.99 to the card ending 4242',
      '2027-05-29  charge  $15.99 card ending 4242',
      '2027-05-29  email  Order confirmation',
      '2027-05-29  line  active until 2027-07-01',
      '2027-06-21  email  Your subscription renews on June 28, 2027: $15.99 to the card ending 4242',
      '2027-06-28  charge  $15.99 card ending 4242',
      '2027-06-28  email  Order confirmation',
      '2027-06-28  line  active until 2027-08-01',
      '2027-07-20  card  updated to card ending 3184',
      '2027-07-22  email  Your subscription renews on July 29, 2027: $15.99 to the card ending 3184',
      '2027-07-29  charge  $15.99 card ending 3184 needs 3-D Secure',
      '2027-07-29  email  Confirm your renewal payment',
      '2027-07-30  page  3-D Secure confirmed',
      '2027-07-30  charge  $15.99 card ending 3184',
      '2027-07-30  email  Order confirmation',
      '2027-07-30  line  active until 2027-09-01',
      '2027-07-30  card  updated to card ending 4242',
      '2027-08-22  email  Your subscription renews on August 29, 2027: $15.99 to the card ending 4242',
      '2027-08-29  charge  $15.99 card ending 4242',
      '2027-08-29  email  Order confirmation',
      '2027-08-29  line  active until 2027-10-01',
      '2027-09-21  email  Your subscription renews on September 28, 2027: $15.99 to the card ending 4242',
      '2027-09-28  charge  $15.99 card ending 4242',
      '2027-09-28  email  Order confirmation',
      '2027-09-28  line  active until 2027-11-01',
      '2027-10-22  email  Your subscription renews on October 29, 2027: $15.99 to the card ending 4242',
      '2027-10-29  charge  $15.99 card ending 4242',
      '2027-10-29  email  Order confirmation',
      '2027-10-29  line  active until 2027-12-01',
      '2027-11-21  email  Your subscription renews on November 28, 2027: $15.99 to the card ending 4242',
      '2027-11-28  charge  $15.99 card ending 4242',
      '2027-11-28  email  Order confirmation',
      '2027-11-28  line  active until 2028-01-01',
      '2027-12-22  email  Your subscription renews on December 29, 2027: $15.99 to the card ending 4242',
      '2027-12-29  charge  $15.99 card ending 4242',
      '2027-12-29  email  Order confirmation',
      '2027-12-29  line  active until 2028-02-01',
    ]);
  });
});
