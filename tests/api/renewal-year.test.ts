import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutForm, intentIdOf, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, postCryptoPayment } from '../support/crypto';
import { registerCustomer, type SignedIn } from '../support/customers';
import { paidOrder } from '../support/paid-orders';
import { DAY, dayOf, HOUR, mailsTo, subscriptionOfOrder, subscriptionRow } from '../support/renewal-schedule';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * One simulated year of a subscription on each payment path: the clock moves half a day
 * at a time, the renewal pass runs at each step, and the test writes down the emails, charges and line states with their dates.
 */

const START = '2026-01-05T09:00:00.000Z';
const YEAR_END = new Date('2027-01-05T09:00:00.000Z');
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

/** How a timeline names each email of the renewal schedule. */
const EMAIL_LABELS: Record<string, string> = {
  'Your StreamPlus subscription expires in 7 days': '7 days before expiry',
  'Your StreamPlus subscription expires in 3 days': '3 days before expiry',
  'Your StreamPlus subscription expires tomorrow': '1 day before expiry',
  'Your StreamPlus subscription expires today': 'expiry day',
  'Your StreamPlus subscription has expired': 'grace notice',
  'Your StreamPlus subscription is suspended': 'suspension notice',
  'We miss you at StreamPlus': 'win-back, 7 days after expiry',
  'Come back to StreamPlus': 'win-back, 30 days after expiry',
  'Your StreamPlus trial ends in 12 hours': 'trial ends in 12 hours',
  'Your StreamPlus trial ends in 1 hour': 'trial ends in 1 hour',
};

type LineState = 'active' | 'grace' | 'suspended';

async function lineState(t: TestApp, subscriptionId: string): Promise<LineState> {
  const row = await subscriptionRow(t, subscriptionId);
  if (row.status === 'active') return 'active';
  return row.graceSuspendedAt === null ? 'grace' : 'suspended';
}

/** Walks the clock to YEAR_END, running the pass, and writes down what the customer saw; `onStep` acts as the customer. */
async function liveTheYear(
  t: TestApp,
  clock: ReturnType<typeof settableClock>,
  customer: SignedIn,
  subscriptionId: string,
  { stepMs = 12 * HOUR, onStep }: { stepMs?: number; onStep?: (timeline: string[]) => Promise<void> } = {},
) {
  const timeline: string[] = [];
  let seen = (await mailsTo(t, customer.customer.email)).length;
  let state = await lineState(t, subscriptionId);
  while (clock.now().getTime() < YEAR_END.getTime()) {
    // An hour at a time while a trial runs out, so its 1-hour reminder has its turn.
    clock.advance(state === 'active' && (await subscriptionRow(t, subscriptionId)).expirationDate.getTime() - clock.now().getTime() < 13 * HOUR ? HOUR : stepMs);
    await t.services.renewalSchedule.runPass();
    const mails = await mailsTo(t, customer.customer.email);
    for (const mail of mails.slice(seen)) {
      const label = EMAIL_LABELS[mail.subject];
      if (label) timeline.push(`${dayOf(clock.now())}  email  ${label}`);
    }
    seen = mails.length;
    const now = await lineState(t, subscriptionId);
    if (now !== state) {
      const row = await subscriptionRow(t, subscriptionId);
      if (now === 'grace') timeline.push(`${dayOf(clock.now())}  line  expired, grace period until ${dayOf(new Date(row.expirationDate.getTime() + 3 * DAY))}`);
      else if (now === 'suspended') timeline.push(`${dayOf(clock.now())}  line  ${state === 'active' ? 'ended, no grace period' : 'suspended'}`);
      state = now;
    }
    await onStep?.(timeline);
    const after = await lineState(t, subscriptionId);
    if (after !== state) {
      timeline.push(`${dayOf(clock.now())}  line  ${state === 'suspended' ? 'restored' : 'runs on'} until ${dayOf((await subscriptionRow(t, subscriptionId)).expirationDate)}`);
      state = after;
    }
  }
  return timeline;
}

const lastSubject = async (t: TestApp, email: string) => (await mailsTo(t, email)).at(-1)?.subject;

describe('a year of renewals on each payment path', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('card, renewed by hand with the demo card: most months on the 3-day reminder, once after a lapse into grace and suspension', { timeout: 240_000 }, async () => {
    clock.set(START);
    const customer = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);

    /** The spec's manual renewal: checkout with renewsSubscriptionId, paid with the demo card. */
    async function buyWithCard(renewsSubscriptionId: string | null) {
      const form = checkoutForm(oneMonth.id, { email: customer.customer.email, firstName: 'Ada', lastName: 'Lovelace', renewsSubscriptionId });
      const placed = await postCheckout(t.app, form, customer.cookies);
      expect(placed.statusCode, placed.body).toBe(200);
      const { order, clientSecret } = placed.json<{ order: { id: string; totalAmount: string }; clientSecret: string }>();
      const paid = await t.app.inject({ method: 'POST', url: `/api/demo/payment-intents/${intentIdOf(clientSecret)}/confirm`, payload: GOOD_CARD });
      expect(paid.statusCode, paid.body).toBe(200);
      await t.services.jobs.drain();
      return order;
    }

    const first = await buyWithCard(null);
    const subscription = await subscriptionOfOrder(t, first.id);
    const start = [`${dayOf(clock.now())}  charge  $${first.totalAmount} card purchase, 1 Month Premium`];
    let renewals = 0;
    const timeline = await liveTheYear(t, clock, customer, subscription.id, {
      async onStep(lines) {
        const state = await lineState(t, subscription.id);
        // The fifth period lapses: renewed once suspended; the others on their 3-day reminder.
        const due = renewals === 4 ? state === 'suspended' : state === 'active' && (await lastSubject(t, customer.customer.email)) === 'Your StreamPlus subscription expires in 3 days';
        if (!due) return;
        const order = await buyWithCard(subscription.id);
        renewals++;
        lines.push(`${dayOf(clock.now())}  charge  $${order.totalAmount} card renewal paid`);
      },
    });
    console.log(['card, renewed by hand:', ...start, ...timeline].join('\n'));
    expect([...start, ...timeline]).toEqual([
      '2026-01-05  charge  $15.99 card purchase, 1 Month Premium',
      '2026-01-29  email  7 days before expiry',
      '2026-02-02  email  3 days before expiry',
      '2026-02-02  charge  $15.99 card renewal paid',
      '2026-02-26  email  7 days before expiry',
      '2026-03-02  email  3 days before expiry',
      '2026-03-02  charge  $15.99 card renewal paid',
      '2026-03-29  email  7 days before expiry',
      '2026-04-02  email  3 days before expiry',
      '2026-04-02  charge  $15.99 card renewal paid',
      '2026-04-28  email  7 days before expiry',
      '2026-05-02  email  3 days before expiry',
      '2026-05-02  charge  $15.99 card renewal paid',
      '2026-05-29  email  7 days before expiry',
      '2026-06-02  email  3 days before expiry',
      '2026-06-04  email  1 day before expiry',
      '2026-06-04  email  expiry day',
      '2026-06-05  line  expired, grace period until 2026-06-08',
      '2026-06-06  email  grace notice',
      '2026-06-08  email  suspension notice',
      '2026-06-08  line  suspended',
      '2026-06-08  charge  $15.99 card renewal paid',
      '2026-06-08  line  restored until 2026-07-08',
      '2026-07-01  email  7 days before expiry',
      '2026-07-05  email  3 days before expiry',
      '2026-07-05  charge  $15.99 card renewal paid',
      '2026-08-01  email  7 days before expiry',
      '2026-08-05  email  3 days before expiry',
      '2026-08-05  charge  $15.99 card renewal paid',
      '2026-09-01  email  7 days before expiry',
      '2026-09-05  email  3 days before expiry',
      '2026-09-05  charge  $15.99 card renewal paid',
      '2026-10-01  email  7 days before expiry',
      '2026-10-05  email  3 days before expiry',
      '2026-10-05  charge  $15.99 card renewal paid',
      '2026-11-01  email  7 days before expiry',
      '2026-11-05  email  3 days before expiry',
      '2026-11-05  charge  $15.99 card renewal paid',
      '2026-12-01  email  7 days before expiry',
      '2026-12-05  email  3 days before expiry',
      '2026-12-05  charge  $15.99 card renewal paid',
      '2027-01-01  email  7 days before expiry',
      '2027-01-05  email  3 days before expiry',
      '2027-01-05  charge  $15.99 card renewal paid',
    ]);
  });

  it('crypto, renewed through its renewal invoices', { timeout: 240_000 }, async () => {
    clock.set(START);
    const customer = await registerCustomer(t.app);
    const { oneMonth } = await seededPackages(t.app);
    const form = cryptoForm(oneMonth.id);
    const created = await postCryptoPayment(t.app, { ...form, customerData: { ...(form.customerData as object), email: customer.customer.email } }, customer.cookies);
    expect(created.statusCode, created.body).toBe(200);
    const { paymentId, orderId } = created.json<{ paymentId: string; orderId: string }>();
    await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${paymentId}/simulate`, payload: { status: 'finished' } });
    await t.services.jobs.drain();
    const subscription = await subscriptionOfOrder(t, orderId);
    const start = [`${dayOf(clock.now())}  charge  $15.99 crypto purchase, 1 Month Premium`];
    const invoiceSeen = new Map<string, number>();

    const timeline = await liveTheYear(t, clock, customer, subscription.id, {
      async onStep(lines) {
        const [open] = (await t.database.db.select().from(orders).where(eq(orders.renewsSubscriptionId, subscription.id))).filter((row) => row.paymentStatus === 'pending');
        if (!open?.cryptoPaymentId) return;
        // The customer pays an invoice the day after it was opened.
        if (!invoiceSeen.has(open.id)) {
          invoiceSeen.set(open.id, clock.now().getTime());
          lines.push(`${dayOf(clock.now())}  invoice  $${open.totalAmount} crypto renewal invoice opened`);
          return;
        }
        if (clock.now().getTime() - invoiceSeen.get(open.id)! < DAY) return;
        await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${open.cryptoPaymentId}/simulate`, payload: { status: 'finished' } });
        await t.services.jobs.drain();
        lines.push(`${dayOf(clock.now())}  charge  $${open.totalAmount} crypto invoice paid`);
      },
    });
    console.log(['crypto, renewed through invoices:', ...start, ...timeline].join('\n'));
    expect([...start, ...timeline]).toEqual([
      '2026-01-05  charge  $15.99 crypto purchase, 1 Month Premium',
      '2026-01-29  email  7 days before expiry',
      '2026-02-02  email  3 days before expiry',
      '2026-02-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-02-03  charge  $15.99 crypto invoice paid',
      '2026-02-26  email  7 days before expiry',
      '2026-03-02  email  3 days before expiry',
      '2026-03-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-03-03  charge  $15.99 crypto invoice paid',
      '2026-03-29  email  7 days before expiry',
      '2026-04-02  email  3 days before expiry',
      '2026-04-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-04-03  charge  $15.99 crypto invoice paid',
      '2026-04-28  email  7 days before expiry',
      '2026-05-02  email  3 days before expiry',
      '2026-05-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-05-03  charge  $15.99 crypto invoice paid',
      '2026-05-29  email  7 days before expiry',
      '2026-06-02  email  3 days before expiry',
      '2026-06-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-06-03  charge  $15.99 crypto invoice paid',
      '2026-06-28  email  7 days before expiry',
      '2026-07-02  email  3 days before expiry',
      '2026-07-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-07-03  charge  $15.99 crypto invoice paid',
      '2026-07-29  email  7 days before expiry',
      '2026-08-02  email  3 days before expiry',
      '2026-08-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-08-03  charge  $15.99 crypto invoice paid',
      '2026-08-29  email  7 days before expiry',
      '2026-09-02  email  3 days before expiry',
      '2026-09-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-09-03  charge  $15.99 crypto invoice paid',
      '2026-09-28  email  7 days before expiry',
      '2026-10-02  email  3 days before expiry',
      '2026-10-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-10-03  charge  $15.99 crypto invoice paid',
      '2026-10-29  email  7 days before expiry',
      '2026-11-02  email  3 days before expiry',
      '2026-11-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-11-03  charge  $15.99 crypto invoice paid',
      '2026-11-28  email  7 days before expiry',
      '2026-12-02  email  3 days before expiry',
      '2026-12-02  invoice  $15.99 crypto renewal invoice opened',
      '2026-12-03  charge  $15.99 crypto invoice paid',
      '2026-12-29  email  7 days before expiry',
      '2027-01-02  email  3 days before expiry',
      '2027-01-02  invoice  $15.99 crypto renewal invoice opened',
      '2027-01-03  charge  $15.99 crypto invoice paid',
    ]);
  });

  it('trial: its two reminders, its end and the win-back emails, then silence', { timeout: 240_000 }, async () => {
    clock.set(START);
    const customer = await registerCustomer(t.app);
    const order = await paidOrder(t, { packageId: 'trial-36h', paymentMethod: 'free', customerId: customer.customer.id, email: customer.customer.email });
    await t.services.jobs.drain();
    const subscription = await subscriptionOfOrder(t, order.id);
    const timeline = await liveTheYear(t, clock, customer, subscription.id);
    console.log(['trial:', `${dayOf(new Date(START))}  line  trial started`, ...timeline].join('\n'));
    expect([`${dayOf(new Date(START))}  line  trial started`, ...timeline]).toEqual([
      '2026-01-05  line  trial started',
      '2026-01-06  email  trial ends in 12 hours',
      '2026-01-06  email  trial ends in 1 hour',
      '2026-01-06  line  ended, no grace period',
      '2026-01-13  email  win-back, 7 days after expiry',
      '2026-02-05  email  win-back, 30 days after expiry',
    ]);
  });
});
