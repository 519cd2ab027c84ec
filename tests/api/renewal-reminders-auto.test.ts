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

  it('announce the charge to the saved card 3 days before expiry, at the price of the day', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t.app);
    clock.set(new Date(Date.parse('2026-04-02T09:00:00.000Z') - 7 * DAY + HOUR));
    await t.app.services.renewalPass.runPass();

    const reminder = await sevenDayReminder(bought.email);
    expect(reminder?.subject).toBe('Your StreamPlus subscription renews in 7 days');
    expect(reminder?.text).toContain('We will charge $15.99 to your card ending 4242 on March 30, 2026 at 9:00 AM (UTC).');
    expect(reminder?.text).toContain('If the price changes before then, we charge the price of that day.');
    expect(reminder?.text).not.toContain('Renew now');
  });

  it('ask to renew by hand once automatic renewal is turned off', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t.app);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/subscriptions/${bought.subscriptionId}/auto-renew`, payload: { enabled: false }, cookies: bought.cookies! });
    expect(off.statusCode).toBe(200);
    clock.set(new Date(Date.parse('2026-04-02T09:00:00.000Z') - 7 * DAY + HOUR));
    await t.app.services.renewalPass.runPass();

    const reminder = await sevenDayReminder(bought.email);
    expect(reminder?.subject).toBe('Your StreamPlus subscription expires in 7 days');
    expect(reminder?.text).not.toContain('We will charge');
    expect(reminder?.text).toContain('Renewing costs $15.99 today.');
  });

  it('never promise a charge that was declined: they say the payment failed and offer Update card', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t.app, { card: '4000000000009995' });
    await t.app.services.jobs.drain();
    const expiry = Date.parse('2026-04-02T09:00:00.000Z');
    const reminder = async (subject: string) => (await mailsTo(t, bought.email)).find((mail) => mail.subject === subject);

    // Declined 3 days before expiry, and again the next day: the 3-day, 1-day and expiry-day reminders promise nothing.
    clock.set(new Date(expiry - 3 * DAY));
    expect(await t.app.services.renewalCharges.runPass()).toEqual(['declined']);
    clock.set(new Date(expiry - 3 * DAY + HOUR));
    await t.app.services.renewalPass.runPass();
    clock.set(new Date(expiry - 2 * DAY));
    expect(await t.app.services.renewalCharges.runPass()).toEqual(['declined']);
    clock.set(new Date(expiry - DAY + HOUR));
    await t.app.services.renewalPass.runPass();
    clock.set(new Date(expiry - 11 * HOUR));
    await t.app.services.renewalPass.runPass();

    for (const subject of ['Your StreamPlus subscription expires in 3 days', 'Your StreamPlus subscription expires tomorrow', 'Your StreamPlus subscription expires today']) {
      const mail = await reminder(subject);
      expect(mail?.text).toContain('Your renewal payment failed: Your card has insufficient funds.');
      expect(mail?.text).toContain('Your 1 Month Premium subscription expires on April 2, 2026 at 9:00 AM (UTC). Update your card, or renew by hand from your account for $15.99, to keep watching.');
      expect(mail?.text).toContain(`Update card: http://localhost:5000/account?update-card=${bought.subscriptionId}`);
      expect(mail?.text).not.toContain('We will charge');
    }
    expect(await reminder('Your StreamPlus subscription renews in 3 days')).toBeUndefined();
  });

  it('show the next charge on the account page only while its day is ahead', async () => {
    clock.set(START);
    const bought = await buyWithAutoRenew(t.app);
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
