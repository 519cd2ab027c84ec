import { describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/lib/clock';
import { DAY, HOUR, mailsTo } from '../support/renewal-schedule';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useTestApp } from '../support/test-app';

const START = '2026-03-02T09:00:00.000Z';

/** The reminders of a subscription that renews itself say what the saved card will be charged, and when (decision 0046). */
describe('reminders of an auto-renewing subscription', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  async function sevenDayReminder(email: string) {
    return (await mailsTo(t, email)).find((mail) => /in 7 days$/.test(mail.subject));
  }

  const EXPIRY = Date.parse('2026-04-02T09:00:00.000Z');
  /** The card is charged 3 days before expiry; the notice comes 7 days before that. */
  const CHARGE = EXPIRY - 3 * DAY;
  const NOTICE_SUBJECT = 'Your subscription renews on March 30, 2026: $15.99 to the card ending 4242';
  const MANUAL_REMINDERS = ['Your StreamPlus subscription expires in 7 days', 'Your StreamPlus subscription expires in 3 days', 'Your StreamPlus subscription expires tomorrow', 'Your StreamPlus subscription expires today'];

  async function passAt(at: number) {
    clock.set(new Date(at));
    await t.services.renewalSchedule.runPass();
  }

  it('send one renewal notice 7 days before the charge, even to a customer who turned reminders off, and no reminder to renew by hand', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t);
    await t.services.mail.setReminders(bought.customerId, false);
    const subjects = async () => (await mailsTo(t, bought.email)).map((mail) => mail.subject).filter((subject) => !subject.startsWith('Order Confirmation'));

    await passAt(CHARGE - 7 * DAY - HOUR);
    expect(await subjects()).toEqual([]);
    await passAt(CHARGE - 7 * DAY + HOUR);
    await passAt(CHARGE - 7 * DAY + 5 * HOUR);
    expect(await subjects()).toEqual([NOTICE_SUBJECT]);

    const notice = (await mailsTo(t, bought.email)).find((mail) => mail.subject === NOTICE_SUBJECT)!;
    expect(notice.text).toContain(
      'Your 1 Month Premium subscription renews automatically. On March 30, 2026 at 9:00 AM (UTC) we will charge $15.99 to your card ending 4242, and your subscription will then run until May 2, 2026.',
    );
    expect(notice.text).toContain('To stop it, turn Automatic renewal off on your account page before March 30, 2026; your subscription then runs until it expires.');
    expect(notice.text).not.toContain('Renew now');
    // A service notice: no unsubscribe link or header (decision 0075).
    expect(notice.headers).not.toHaveProperty('List-Unsubscribe');
    expect(notice.text).not.toContain('unsubscribe');

    // The days of the 7-, 3- and 1-day and expiry-day reminders, the reminder pass before the charge's: none asks to renew by hand.
    for (const at of [EXPIRY - 7 * DAY + HOUR, CHARGE + HOUR, EXPIRY - DAY + HOUR, EXPIRY - 11 * HOUR]) await passAt(at);
    expect(await subjects()).toEqual([NOTICE_SUBJECT]);
  });

  it('say the reminders to renew by hand again from the day automatic renewal is turned off', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t);
    for (const at of [CHARGE - 7 * DAY + HOUR, EXPIRY - 7 * DAY + HOUR]) await passAt(at);
    clock.set(new Date(EXPIRY - 5 * DAY));
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    expect(off.statusCode).toBe(200);
    for (const at of [CHARGE + HOUR, EXPIRY - DAY + HOUR, EXPIRY - 11 * HOUR]) await passAt(at);

    const subjects = (await mailsTo(t, bought.email)).map((mail) => mail.subject).filter((subject) => !subject.startsWith('Order Confirmation'));
    expect(subjects).toEqual([NOTICE_SUBJECT, 'Automatic renewal turned off', ...MANUAL_REMINDERS.slice(1)]);
  });

  it('ask to renew by hand once automatic renewal is turned off', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    expect(off.statusCode).toBe(200);
    clock.set(new Date(Date.parse('2026-04-02T09:00:00.000Z') - 7 * DAY + HOUR));
    await t.services.renewalSchedule.runPass();

    const reminder = await sevenDayReminder(bought.email);
    expect(reminder?.subject).toBe('Your StreamPlus subscription expires in 7 days');
    expect(reminder?.text).not.toContain('We will charge');
    expect(reminder?.text).toContain('Renewing costs $15.99 today.');
  });

  /** Every 6 hours from `from` to `to`: the reminder pass, then the charges, and the jobs they started, as the store's schedule runs them. */
  async function liveUntil(from: number, to: number) {
    for (let at = from; at <= to; at += 6 * HOUR) {
      clock.set(new Date(at));
      await t.services.renewalSchedule.runPass();
      await t.services.renewalCharges.runPass();
      await t.services.jobs.drain();
    }
  }

  it('after the notice, say only each declined charge, then the grace and suspension notices: no reminder to renew by hand', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t, { card: '4000000000009995' });
    const since = clock.now();

    // From a day before the notice to a day after the grace period's end (3 days after expiry).
    await liveUntil(CHARGE - 8 * DAY, EXPIRY + 4 * DAY);

    const mails = (await mailsTo(t, bought.email, since)).filter((mail) => !mail.subject.startsWith('Order Confirmation'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your subscription renews on March 30, 2026: $15.99 to the card ending 9995',
      'Your renewal payment failed',
      'Your renewal payment failed',
      'Your renewal payment failed',
      'Your StreamPlus subscription has expired',
      'Your StreamPlus subscription is suspended',
    ]);
    const [, first, second, last] = mails;
    expect(first!.text).toContain('We will try again on March 31, 2026 at 9:00 AM (UTC).');
    expect(second!.text).toContain('We will try again on April 2, 2026 at 9:00 AM (UTC).');
    expect(last!.text).toContain(
      'We tried 3 times and will not try again. Your subscription expires on April 2, 2026 at 9:00 AM (UTC); your devices keep working until the grace period ends on April 5, 2026 at 9:00 AM (UTC).',
    );
    for (const mail of mails) expect(MANUAL_REMINDERS).not.toContain(mail.subject);
  });

  it('say the reminders to renew by hand again once automatic renewal is turned off after a decline', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t, { card: '4000000000009995' });
    const since = clock.now();
    await liveUntil(CHARGE - 7 * DAY + HOUR, CHARGE + HOUR);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    expect(off.statusCode).toBe(200);
    await liveUntil(CHARGE + 7 * HOUR, EXPIRY - HOUR);

    const mails = (await mailsTo(t, bought.email, since)).filter((mail) => !mail.subject.startsWith('Order Confirmation'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your subscription renews on March 30, 2026: $15.99 to the card ending 9995',
      'Your renewal payment failed',
      'Automatic renewal turned off',
      'Your StreamPlus subscription expires tomorrow',
      'Your StreamPlus subscription expires today',
    ]);
    expect(mails[3]!.text).toContain('Renewing costs $15.99 today.');
    expect(mails[3]!.text).not.toContain('We will charge');
  });

  it('show the next charge on the account page only while its day is ahead', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t);
    const nextCharge = async () => {
      const [subscription] = (await t.app.inject({ method: 'GET', url: '/api/subscriptions', cookies: bought.cookies! })).json();
      return { nextChargeAt: subscription.nextChargeAt, nextChargeAmount: subscription.nextChargeAmount };
    };
    expect(await nextCharge()).toEqual({ nextChargeAt: '2026-03-30T09:00:00.000Z', nextChargeAmount: '15.99' });
    // Past the charge day with no charge made (a decline, or the pass not yet run): no date in the past.
    clock.set('2026-03-31T09:00:00.000Z');
    expect(await nextCharge()).toEqual({ nextChargeAt: null, nextChargeAmount: null });
  });
});
