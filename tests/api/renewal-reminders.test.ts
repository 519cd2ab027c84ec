import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MILESTONES } from '../../src/domain/renewal-milestones';
import { orders, packages, subscriptionMilestones, subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { dueMilestones } from '../../src/server/features/subscriptions/milestones';
import { RENEWAL_SCHEDULE_JOB } from '../../src/server/workflows/renewals/reminder-schedule';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { DAY, HOUR, mailsTo, subjectsTo, subscriber } from '../support/renewal-schedule';
import { useTestApp } from '../support/test-app';

const START = '2026-03-02T09:00:00.000Z';

describe('the renewal schedule', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  /** Moves the clock from now to `until` in steps, running the pass twice at each (and twice at once on every fourth). */
  async function walk(until: Date, stepMs = 12 * HOUR) {
    let step = 0;
    while (clock.now().getTime() + stepMs <= until.getTime()) {
      clock.advance(stepMs);
      if (++step % 4 === 0) await Promise.all([t.services.renewalSchedule.runPass(), t.services.renewalSchedule.runPass()]);
      else await t.services.renewalSchedule.runPass();
      await t.services.renewalSchedule.runPass();
    }
  }

  it('sends a paid subscription each milestone once: 7, 3 and 1 days before, on the day, the grace notice and two win-backs', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    const expiry = customer.subscription.expirationDate;
    expect(expiry.toISOString()).toBe('2026-04-02T09:00:00.000Z');

    await walk(new Date(expiry.getTime() + 40 * DAY));

    expect((await subjectsTo(t, customer.customer.email)).filter((subject) => !subject.startsWith('Order Confirmation'))).toEqual([
      'Your StreamPlus subscription expires in 7 days',
      'Your StreamPlus subscription expires in 3 days',
      'Your StreamPlus subscription expires tomorrow',
      'Your StreamPlus subscription expires today',
      'Your StreamPlus subscription has expired',
      'Your StreamPlus subscription is suspended',
      'We miss you at StreamPlus',
      'Come back to StreamPlus',
    ]);
    const claims = await t.database.db.select().from(subscriptionMilestones).where(eq(subscriptionMilestones.subscriptionId, customer.subscription.id));
    expect(claims.map((claim) => claim.milestone).sort()).toEqual(['0d', '1d', '3d', '7d', 'grace', 'win-back-30d', 'win-back-7d']);
    // Reminders carry the unsubscribe headers (decision 0040); the grace and suspension notices are service notices (decision 0075).
    const serviceNotices = ['Your StreamPlus subscription has expired', 'Your StreamPlus subscription is suspended'];
    const mails = (await mailsTo(t, customer.customer.email)).filter((mail) => !mail.subject.startsWith('Order Confirmation'));
    for (const reminder of mails.filter((mail) => !serviceNotices.includes(mail.subject))) expect(reminder.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const notice of mails.filter((mail) => serviceNotices.includes(mail.subject))) expect(notice.headers).not.toHaveProperty('List-Unsubscribe');
    const suspended = mails.find((mail) => mail.subject === 'Your StreamPlus subscription is suspended');
    expect(suspended?.text).toContain('Your 1 Month Premium subscription expired on April 2, 2026 at 9:00 AM (UTC) and its grace period has ended, so your devices have stopped.');
    expect(suspended?.text).toContain('Renew from your account to restore it: your devices work again at once, with the same credentials. Renewing costs $15.99 today.');
  });

  it('counts a milestone as sent for an expiry written with microseconds', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    // An expiry from SQL (an import, a hand fix) keeps microseconds a JS Date cannot hold.
    await t.database.db
      .update(subscriptions)
      .set({ expirationDate: sql`${subscriptions.expirationDate} + interval '123 microseconds'` })
      .where(eq(subscriptions.id, customer.subscription.id));
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 6 * DAY));
    const sevenDays = MILESTONES.find((milestone) => milestone.name === '7d')!;
    const due = () => dueMilestones(t.database.db, sevenDays, clock.now(), 10);
    expect((await due()).map((row) => row.id)).toEqual([customer.subscription.id]);
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(1);
    expect(await due()).toEqual([]);
    expect(await subjectsTo(t, customer.customer.email)).toContain('Your StreamPlus subscription expires in 7 days');
  });

  it("states the facts and today's price in the 7-day email, and a price changed since then in the next", async () => {
    clock.set(START);
    const customer = await subscriber(t, { devices: 2 });
    const expiry = customer.subscription.expirationDate;
    clock.set(new Date(expiry.getTime() - 6 * DAY));
    await t.services.renewalSchedule.runPass();
    const [sevenDays] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'Your StreamPlus subscription expires in 7 days');
    // 1 Month Premium at $15.99 with a second device at $5.99.
    expect(sevenDays!.text).toContain('Renewing costs $21.98 today. A renewal is charged at the price of the day you pay.');
    expect(sevenDays!.text).toContain('Package: 1 Month Premium (1 Month)\nDevices: 2\nExpires: April 2, 2026 at 9:00 AM (UTC)');
    expect(sevenDays!.html).toContain('Renew now');
    expect(sevenDays!.html).toContain('href="http://localhost:5000/account"');

    await t.database.db.update(packages).set({ price: '17.99' }).where(eq(packages.id, customer.subscription.packageId));
    clock.set(new Date(expiry.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    const [threeDays] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'Your StreamPlus subscription expires in 3 days');
    expect(threeDays!.text).toContain('Renewing costs $23.98 today.');
  });

  it('starts a new period after a renewal, whose milestones are sent again', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    const { oneMonth } = await seededPackages(t.app);
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    await paidOrder(t, { packageId: oneMonth.id, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: customer.subscription.id });
    await t.services.jobs.drain();
    // Renewed from its expiry: 2026-05-02. Two days before it, the 3-day email of the new period.
    clock.set('2026-04-30T09:00:00.000Z');
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(1);
    expect((await subjectsTo(t, customer.customer.email)).filter((subject) => subject === 'Your StreamPlus subscription expires in 3 days')).toHaveLength(2);
  });

  it('sends the trial its 12-hour and 1-hour reminders and no grace notice', async () => {
    clock.set(START);
    const trial = await subscriber(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    await walk(trial.subscription.expirationDate, HOUR);
    await walk(new Date(trial.subscription.expirationDate.getTime() + 8 * DAY));
    expect((await subjectsTo(t, trial.customer.email)).filter((subject) => !subject.startsWith('Order Confirmation'))).toEqual([
      'Your StreamPlus trial ends in 12 hours',
      'Your StreamPlus trial ends in 1 hour',
      'We miss you at StreamPlus',
    ]);
    // The confirmation says when the trial ends; its reminders offer a package, never "Renew now" (decision 0075).
    const mails = await mailsTo(t, trial.customer.email);
    expect(mails.find((mail) => mail.subject === `Order Confirmation - ${trial.order.id}`)?.text).toContain(
      'Your free trial is active now and ends on March 3, 2026 at 9:00 PM (UTC). Choose a package in your account before then to keep watching with the same credentials.',
    );
    for (const reminder of mails.filter((mail) => mail.subject.startsWith('Your StreamPlus trial ends'))) {
      expect(reminder.text).toContain('Choose a package: http://localhost:5000/account');
      expect(reminder.html).toContain('Choose a package');
      expect(reminder.text).not.toContain('Renew now');
      expect(reminder.html).not.toContain('Renew now');
    }
  });

  it('asks no trial customer who already bought a package to choose one', async () => {
    clock.set(START);
    const trial = await subscriber(t, { packageId: 'trial-36h', paymentMethod: 'free' });
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, customerId: trial.customer.id, email: trial.customer.email });
    await t.services.jobs.drain();
    await walk(trial.subscription.expirationDate, HOUR);
    expect((await subjectsTo(t, trial.customer.email)).filter((subject) => subject.startsWith('Your StreamPlus trial'))).toEqual([]);
  });

  it('writes no reminder to a customer who turned them off; the grace and suspension notices and their receipts still', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    await t.services.mail.setReminders(customer.customer.id, false);
    const expiry = customer.subscription.expirationDate;
    await walk(new Date(expiry.getTime() + 4 * DAY));
    const { oneMonth } = await seededPackages(t.app);
    const renewal = await paidOrder(t, { packageId: oneMonth.id, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: customer.subscription.id });
    await t.services.jobs.drain();
    expect(await subjectsTo(t, customer.customer.email)).toEqual([
      `Order Confirmation - ${customer.order.id}`,
      'Your StreamPlus subscription has expired',
      'Your StreamPlus subscription is suspended',
      `Order Confirmation - ${renewal.id}`,
    ]);
    // The milestones were claimed all the same: none is found due again.
    const claims = await t.database.db.select().from(subscriptionMilestones).where(eq(subscriptionMilestones.subscriptionId, customer.subscription.id));
    expect(claims.map((claim) => claim.milestone).sort()).toEqual(['0d', '1d', '3d', '7d', 'grace']);
  });

  it('tells the customer once that a package is no longer sold, and opens no renewal', async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto' });
    await t.database.db.update(packages).set({ isActive: false }).where(eq(packages.id, customer.subscription.packageId));
    await walk(customer.subscription.expirationDate);
    const retired = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'Your StreamPlus package is no longer sold');
    expect(retired).toHaveLength(1);
    expect(retired[0]!.text).toContain('We no longer sell 1 Month Premium, so it cannot be renewed as it is; nothing was charged.');
    expect(retired[0]!.html).toContain('Choose a package');
    const renewals = await t.database.db.select().from(orders).where(eq(orders.renewsSubscriptionId, customer.subscription.id));
    expect(renewals).toEqual([]);
  });

  it('offers the win-back coupon the owner chose, audited, and none once it is cleared', async () => {
    clock.set(START);
    const admin = await signInAdmin(t);
    const choose = (code: string | null) => t.app.inject({ method: 'PATCH', url: '/api/admin/win-back-coupon', cookies: admin, payload: { code } });
    expect((await choose('nosuchcode')).json()).toEqual({ message: "No coupon has this code: choose one of the store's coupons" });
    expect((await choose('welcome10')).json()).toEqual({ code: 'WELCOME10' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/win-back-coupon', cookies: admin })).json()).toEqual({ code: 'WELCOME10' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/win-back-coupon' })).statusCode).toBe(401);
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit-log?action=coupon.win_back', cookies: admin })).json();
    expect(audit).toMatchObject([{ action: 'coupon.win_back', adminUsername: 'owner', before: { winBack: null }, after: { winBack: 'WELCOME10' } }]);

    const customer = await subscriber(t);
    clock.set(new Date(customer.subscription.expirationDate.getTime() + 8 * DAY));
    await t.services.renewalSchedule.runPass();
    const [winBack] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'We miss you at StreamPlus');
    expect(winBack!.text).toContain('Come back with the code WELCOME10 at checkout; your credentials are kept.');
    expect(winBack!.html).toContain('WELCOME10');

    expect((await choose(null)).json()).toEqual({ code: null });
    clock.set(new Date(customer.subscription.expirationDate.getTime() + 31 * DAY));
    await t.services.renewalSchedule.runPass();
    const [last] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'Come back to StreamPlus');
    expect(last!.text).not.toContain('WELCOME10');
    expect(last!.text).toContain('Renew from your account for $15.99 and your credentials are kept.');
  });

  it('runs as a scheduled job', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.jobs.send(RENEWAL_SCHEDULE_JOB, {});
    await t.services.jobs.drain();
    expect(await subjectsTo(t, customer.customer.email)).toContain('Your StreamPlus subscription expires in 3 days');
  });
});
