import { describe, expect, it } from 'vitest';
import { canStillConfirm, nextAttemptAfterDecline, renewalChargeKey } from '../../src/domain/renewal-charges';
import { renewalStateLabel, savedCardLabel } from '../../src/client/features/admin/renewals/renewal-view';
import { renewalAmountText, renewalFacts } from '../../src/client/features/renewals/renewal-facts';
import { renderEmailHtml } from '../../src/server/features/mail/index';
import { renewalConfirmMail, renewalDeclinedMail, renewalSkippedMail } from '../../src/server/features/renewals/charge-emails';

const firstDecline = new Date('2027-02-02T09:00:00Z');

describe('the renewal charge rules', () => {
  it('tries a declined card again 1 and 3 days after the first decline, then stops', () => {
    expect(nextAttemptAfterDecline(firstDecline, 1)?.toISOString()).toBe('2027-02-03T09:00:00.000Z');
    expect(nextAttemptAfterDecline(firstDecline, 2)?.toISOString()).toBe('2027-02-05T09:00:00.000Z');
    expect(nextAttemptAfterDecline(firstDecline, 3)).toBeNull();
  });

  it('keys each attempt by the subscription and the period, a retry by its number', () => {
    const periodEnd = new Date('2027-02-05T09:00:00Z');
    expect(renewalChargeKey('sub-1', periodEnd, 1)).toBe('renewal:sub-1:2027-02-05T09:00:00.000Z');
    expect(renewalChargeKey('sub-1', periodEnd, 3)).toBe('renewal:sub-1:2027-02-05T09:00:00.000Z:attempt-3');
  });

  it('lets a 3-D Secure charge be confirmed until a week after the period it renews', () => {
    const periodEnd = new Date('2027-02-05T09:00:00Z');
    expect(canStillConfirm(periodEnd, new Date('2027-02-12T08:59:59Z'))).toBe(true);
    expect(canStillConfirm(periodEnd, new Date('2027-02-12T09:00:00Z'))).toBe(false);
  });
});

describe('the renewal views', () => {
  it('names a renewal state and a saved card as the admin reads them', () => {
    expect(renewalStateLabel('requires_action')).toEqual({ label: 'Awaiting customer confirmation', variant: 'warning' });
    expect(savedCardLabel({ brand: 'visa', last4: '4242', expMonth: 3, expYear: 2030 })).toBe('Visa ending 4242, expires 03/2030');
    expect(savedCardLabel(null)).toBe('No saved card');
  });

  it('lists the confirmation page\'s facts, the expiry in its owner\'s zone as the email writes it', () => {
    const confirmation = {
      id: 'r',
      state: 'awaiting_confirmation' as const,
      packageName: '1 Month Premium',
      deviceCount: 2,
      amount: '21.98',
      currency: 'USD' as const,
      expirationDate: '2027-02-05T09:00:00.000Z',
      timeZone: 'America/New_York',
      card: { brand: 'visa', last4: '3184' },
      cardProvider: 'demo' as const,
      clientSecret: null,
      stripePublishableKey: null,
    };
    expect(renewalFacts(confirmation)).toEqual([
      ['Package', '1 Month Premium'],
      ['Devices', '2'],
      ['Amount', '$21.98'],
      ['Card', 'Visa ending 3184'],
      ['Expires', 'February 5, 2027 at 4:00 AM (America/New_York)'],
    ]);
    // A charge in euros says euros (decision 0104).
    expect(renewalFacts({ ...confirmation, amount: '20.48', currency: 'EUR' })[2]).toEqual(['Amount', '€20.48']);
    // The page's sentence above the facts says the same amount.
    expect(renewalAmountText({ amount: '20.48', currency: 'EUR' })).toBe('€20.48');
    expect(renewalAmountText({ amount: '21.98', currency: 'USD' })).toBe('$21.98');
    expect(renewalAmountText({ amount: null, currency: 'USD' })).toBe('');
  });
});

describe('the renewal emails', () => {
  const facts = {
    to: 'mona@example.com',
    firstName: 'Mona',
    packageName: '1 Month Premium',
    deviceCount: 1,
    amountCents: 1599,
    card: { brand: 'visa', last4: '9995' },
    expiresAt: new Date('2027-02-05T09:00:00Z'),
    timeZone: 'Asia/Tokyo',
  };
  const STORE = 'https://shop.example';

  const decline = { subscriptionId: 'sub-1', code: 'insufficient_funds', attempts: 1, graceEndsAt: new Date('2027-02-08T09:00:00Z') };

  it('says a declined renewal at once, with the next attempt in the customer\'s zone and one "Update card" button, no unsubscribe link', async () => {
    const email = renewalDeclinedMail(facts, { ...decline, nextAttemptAt: new Date('2027-02-03T09:00:00Z') }, STORE);
    expect(email.subject).toBe('Your renewal payment failed');
    expect(email.text).toContain('We could not charge $15.99 to your Visa ending 9995 for your 1 Month Premium renewal: Your card has insufficient funds.');
    expect(email.text).toContain('We will try again on February 3, 2027 at 6:00 PM (Asia/Tokyo).');
    expect(email.text).toContain(`Update card: ${STORE}/account?update-card=sub-1`);
    const html = await renderEmailHtml(email.html!, { storeUrl: STORE, unsubscribeUrl: null });
    expect(html).toContain(`href="${STORE}/account?update-card=sub-1"`);
    expect(html.match(/class="sp-button"/g)).toHaveLength(1);
    expect(html).not.toMatch(/unsubscribe/i);
  });

  it('names the expiry and the end of the grace period after the last attempt', () => {
    const email = renewalDeclinedMail(facts, { ...decline, code: 'expired_card', attempts: 3, nextAttemptAt: null }, STORE);
    expect(email.subject).toBe('Your renewal payment failed');
    expect(email.text).toContain('renewal: Your card has expired.');
    expect(email.text).toContain(
      'We tried 3 times and will not try again. Your subscription expires on February 5, 2027 at 6:00 PM (Asia/Tokyo); your devices keep working until the grace period ends on February 8, 2027 at 6:00 PM (Asia/Tokyo).',
    );
  });

  it('links the 3-D Secure confirmation page, and says when a package is no longer sold', async () => {
    const link = `${STORE}/renewals/abc/confirm?token=t`;
    const confirm = renewalConfirmMail(facts, link);
    expect(confirm.subject).toBe('Confirm your renewal payment');
    expect(await renderEmailHtml(confirm.html!, { storeUrl: STORE, unsubscribeUrl: null })).toContain(`href="${link}"`);
    const skipped = renewalSkippedMail({ ...facts, amountCents: null }, STORE);
    expect(skipped.subject).toBe('Your package is no longer sold');
    expect(skipped.text).not.toContain('Amount');
  });
});
