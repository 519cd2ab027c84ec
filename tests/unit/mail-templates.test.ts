import { describe, expect, it } from 'vitest';
import { linkMail } from '../../src/server/features/mail/link-mail';
import { renderEmailHtml } from '../../src/server/features/mail/index';
import { customerOfUnsubscribeToken, listUnsubscribeHeaders, unsubscribeToken } from '../../src/server/features/mail/unsubscribe-link';
import type { OrderRow } from '../../src/server/features/orders/order-row';
import { refundMail } from '../../src/server/features/mail/refund-email';
import { orderConfirmationMail, type ConfirmationDetails } from '../../src/server/features/mail/order-emails';
import { autoRenewOffMail } from '../../src/server/features/renewals/auto-renew-off-email';
import { renewalNoticeMail } from '../../src/server/features/renewals/charge-notice-email';
import { renewalMilestoneMail, type MilestoneMailDetails } from '../../src/server/features/renewals/reminder-emails';
import { suspendedMail } from '../../src/server/features/renewals/suspended-email';

const STORE = 'https://shop.example';

async function htmlOf(email: { html?: Parameters<typeof renderEmailHtml>[0] }, unsubscribeUrl: string | null = null) {
  expect(email.html).toBeDefined();
  return renderEmailHtml(email.html!, { storeUrl: STORE, unsubscribeUrl });
}

/** How often the email has a button (React Email's Button is a link drawn as one). */
const buttonsIn = (html: string) => html.match(/class="sp-button"/g)?.length ?? 0;

const confirmation: ConfirmationDetails = {
  orderId: 'SP-1732000000000-123456',
  to: 'mona@example.com',
  customerName: 'Mona Lisa',
  packageName: '3 Months Premium',
  packageDuration: '3 months',
  deviceCount: 2,
  paymentMethod: 'card',
  totalAmount: '40.47',
  couponCode: 'SAVE10',
  couponDiscount: '4.50',
  giftCard: 'Amazon',
  cashbackAmount: '5.00',
  isRenewal: false,
  shipsTo: null,
  autoRenewal: null,
  renewal: null,
  trialEndsAt: null,
  timeZone: 'UTC',
};

describe('the email templates', () => {
  it("confirms that automatic renewal was turned off, with the facts in the customer's zone and one button to the account, and no unsubscribe link", async () => {
    const email = autoRenewOffMail(
      { to: 'mona@example.com', firstName: 'Mona', packageName: '1 Month Premium', deviceCount: 2, expirationDate: new Date('2026-12-01T09:00:00Z'), timeZone: 'America/New_York' },
      STORE,
    );
    expect(email.subject).toBe('Automatic renewal turned off');
    expect(email.text).toContain('Automatic renewal of your 1 Month Premium subscription is off: your saved card will not be charged.');
    expect(email.text).toContain('Devices: 2\nExpires: December 1, 2026 at 4:00 AM (America/New_York)');
    const html = await htmlOf(email);
    for (const fact of ['Automatic renewal turned off', '1 Month Premium', 'December 1, 2026 at 4:00 AM (America/New_York)']) expect(html).toContain(fact);
    expect(html).toContain(`href="${STORE}/account"`);
    expect(buttonsIn(html)).toBe(1);
    expect(html).not.toMatch(/unsubscribe/i);
  });

  it('draws the order confirmation with its facts, one button to the account, and keeps the text as it was', async () => {
    const email = orderConfirmationMail(confirmation, STORE);
    expect(email.subject).toBe('Order Confirmation - SP-1732000000000-123456');
    expect(email.text).toContain('Order ID: SP-1732000000000-123456\nPackage: 3 Months Premium (3 months)\nDevices: 2\nCoupon: SAVE10 (-$4.50)\nTotal: $40.47');
    expect(email.text).toContain('Service activation: within 24 hours of your card payment.');
    const html = await htmlOf(email);
    for (const fact of ['SP-1732000000000-123456', '3 Months Premium (3 months)', 'SAVE10 (-$4.50)', '$40.47', 'Amazon, $5.00 cashback, emailed to you within 1-2 hours.']) {
      expect(html).toContain(fact);
    }
    expect(html).toContain('Service activation: within 24 hours of your card payment.');
    expect(html).toContain(`href="${STORE}/account"`);
    expect(buttonsIn(html)).toBe(1);
    expect(html).not.toMatch(/unsubscribe/i);
  });

  it('writes the doctype email clients expect and none of React\'s comment markers between words (decision 0043)', async () => {
    const html = await htmlOf(orderConfirmationMail(confirmation, STORE));
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html')).toBe(true);
    expect(html).toContain('Hello Mona Lisa,');
    expect(html).not.toMatch(/<!--( |\$|\/\$|html|head|body)-->/);
  });

  it('draws a password reset with its link as the button', async () => {
    const link = `${STORE}/setup/abcDEF123`;
    const email = linkMail('reset', { to: 'mona@example.com', firstName: 'Mona', link });
    expect(email.subject).toBe('Reset your StreamPlus password');
    expect(email.text).toContain(link);
    const html = await htmlOf(email);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Choose a new password');
    expect(html).toContain('The link works once and expires in 48 hours.');
    expect(buttonsIn(html)).toBe(1);
  });

  it('draws a refund with the amounts', async () => {
    const order = {
      id: 'SP-1-000001',
      customerName: 'Mona Lisa',
      customerEmail: 'mona@example.com',
      totalAmount: '40.47',
      refundedAmount: '10.00',
      receivedAmount: null,
      paymentMethod: 'card',
      paymentStatus: 'completed',
    } as OrderRow;
    const email = refundMail(order, 1000, { full: false, serviceEnded: false });
    expect(email.subject).toBe('Refund of $10.00 for order SP-1-000001');
    expect(email.text).toContain('Refunded so far: $10.00 of $40.47.');
    const html = await htmlOf(email);
    expect(html).toContain('$10.00 of $40.47');
    expect(html).toContain('Your subscription continues; $30.47 of the order remains paid.');
    expect(html).toContain('A card refund usually reaches your statement within 5 to 10 business days.');
    expect(buttonsIn(html)).toBe(1);
  });

  const reminderDetails: MilestoneMailDetails = {
    to: 'mona@example.com',
    firstName: 'Mona',
    timeZone: 'UTC',
    milestone: '7d',
    packageName: '1 Month Premium',
    packageDuration: '1 Month',
    deviceCount: 2,
    expirationDate: new Date('2026-12-01T09:00:00Z'),
    renewalCents: 2198,
    renewsUntil: new Date('2027-01-01T09:00:00Z'),
    invoiceUrl: null,
    graceEndsAt: null,
    winBackCoupon: null,
  };

  it("draws the 7-day reminder with the facts, today's price, a Renew now button, and its unsubscribe link when mail gives one", async () => {
    const email = renewalMilestoneMail(reminderDetails, STORE);
    expect(email.subject).toBe('Your StreamPlus subscription expires in 7 days');
    expect(email.text).toContain('Your 1 Month Premium subscription expires on December 1, 2026 at 9:00 AM (UTC).');
    expect(email.text).toContain('Renewing costs $21.98 today. A renewal is charged at the price of the day you pay.');
    expect(email.text).toContain('Package: 1 Month Premium (1 Month)\nDevices: 2\nExpires: December 1, 2026 at 9:00 AM (UTC)');
    const unsubscribe = `${STORE}/unsubscribe?token=t.s`;
    const html = await htmlOf(email, unsubscribe);
    expect(html).toContain('December 1, 2026 at 9:00 AM (UTC)');
    expect(html).toContain('Renewing costs $21.98 today.');
    expect(html).toContain('Renew now');
    expect(html).toContain(`href="${STORE}/account"`);
    expect(html).toContain(`href="${unsubscribe}"`);
    expect(html).toContain('Unsubscribe from reminder and offer emails');
    expect(buttonsIn(html)).toBe(1);
    expect(await htmlOf(email)).not.toContain('Unsubscribe');
  });

  it('announces an automatic renewal 7 days before the charge: day, amount, card, new expiry and how to stop it, without an unsubscribe link', async () => {
    const notice = renewalNoticeMail(
      {
        ...reminderDetails,
        charge: { amountCents: 2198, last4: '4242', on: new Date('2026-11-28T09:00:00Z') },
        renewsUntil: new Date('2027-01-01T09:00:00Z'),
      },
      STORE,
    );
    expect(notice.subject).toBe('Your subscription renews on November 28, 2026: $21.98 to the card ending 4242');
    expect(notice.text).toContain(
      'Your 1 Month Premium subscription renews automatically. On November 28, 2026 at 9:00 AM (UTC) we will charge $21.98 to your card ending 4242, and your subscription will then run until January 1, 2027.',
    );
    expect(notice.text).toContain('To stop it, turn Automatic renewal off on your account page before November 28, 2026; your subscription then runs until it expires.');
    expect(notice.text).toContain('Amount: $21.98\nCard: ending 4242\nCharged on: November 28, 2026\nExpires: December 1, 2026 at 9:00 AM (UTC)\nRenews until: January 1, 2027');
    const html = await htmlOf(notice);
    expect(html).not.toContain('Renew now');
    expect(html).toContain('Manage your renewal');
    expect(html).not.toContain('Unsubscribe');
    expect(buttonsIn(html)).toBe(1);
  });

  it('names the package, the amount in dollars and the new expiry of a crypto renewal invoice, and links it', async () => {
    const invoiceUrl = 'https://nowpayments.io/payment/?iid=4522625000';
    const crypto = renewalMilestoneMail({ ...reminderDetails, milestone: '3d', invoiceUrl }, STORE);
    expect(crypto.subject).toBe('Your StreamPlus subscription expires in 3 days');
    expect(crypto.text).toContain(
      'Your renewal invoice is ready: 1 Month Premium, $21.98, paid in cryptocurrency. Once it is paid your subscription runs until January 1, 2027, with the same credentials.',
    );
    const cryptoHtml = await htmlOf(crypto);
    expect(cryptoHtml).toContain(`href="${invoiceUrl.replaceAll('&', '&amp;')}"`);
    expect(buttonsIn(cryptoHtml)).toBe(1);
  });

  it('offers "Choose a package", never "Renew now", in the trial reminders', async () => {
    for (const milestone of ['trial-12h', 'trial-1h'] as const) {
      const trial = renewalMilestoneMail({ ...reminderDetails, milestone, packageName: '36-Hour Free Trial' }, STORE);
      expect(trial.text).toContain(`Choose a package: ${STORE}/account`);
      expect(trial.text).not.toContain('Renew');
      const html = await htmlOf(trial);
      expect(html).toContain('Choose a package');
      expect(html).not.toContain('Renew now');
    }
  });

  it('says a suspension plainly, with how to restore it', async () => {
    const suspended = suspendedMail(reminderDetails, STORE);
    expect(suspended.subject).toBe('Your StreamPlus subscription is suspended');
    expect(suspended.text).toContain('Your 1 Month Premium subscription expired on December 1, 2026 at 9:00 AM (UTC) and its grace period has ended, so your devices have stopped.');
    expect(suspended.text).toContain('Renew from your account to restore it: your devices work again at once, with the same credentials. Renewing costs $21.98 today.');
    expect(suspended.text).toContain(`Renew now: ${STORE}/account`);
  });

  it('tells the buyer of an automatic renewal what each renewal charges, when, and how to turn it off; the trial when it ends', () => {
    const auto = orderConfirmationMail({ ...confirmation, autoRenewal: { amountCents: 4497 } }, STORE);
    expect(auto.text).toContain('Automatic renewal: on, $44.97 3 days before each expiry');
    expect(auto.text).toContain(
      `Automatic renewal is on: we will charge $44.97 (today's price) to the card you paid with 3 days before each expiry, and email you 7 days before each charge. To turn it off, use the Automatic renewal switch of your subscription on your account page: ${STORE}/account`,
    );
    const trial = orderConfirmationMail(
      { ...confirmation, packageName: '36-Hour Free Trial', packageDuration: '36 hours', paymentMethod: 'free', totalAmount: '0.00', couponCode: null, giftCard: null, trialEndsAt: new Date('2026-12-02T21:00:00Z') },
      STORE,
    );
    expect(trial.text).toContain('Your free trial is active now and ends on December 2, 2026 at 9:00 PM (UTC). Choose a package in your account before then to keep watching with the same credentials.');
  });

  it('writes the period, the card, the new expiry and the next charge in a renewal receipt, and no activation line', async () => {
    const receipt = orderConfirmationMail(
      {
        ...confirmation,
        isRenewal: true,
        couponCode: null,
        renewal: { from: new Date('2026-12-04T09:00:00Z'), until: new Date('2027-01-04T09:00:00Z'), paidWith: 'card ending 4242', nextChargeOn: new Date('2027-01-01T09:00:00Z') },
      },
      STORE,
    );
    expect(receipt.text).toContain(
      'Period: December 4, 2026 – January 4, 2027\nPaid with: card ending 4242\nNew expiry: January 4, 2027 at 9:00 AM (UTC)\nNext renewal: your card is charged on January 1, 2027',
    );
    expect(receipt.text).toContain('Your subscription now runs until January 4, 2027.');
    expect(receipt.text).not.toContain('Service activation');
    const html = await htmlOf(receipt);
    expect(html).toContain('December 4, 2026 – January 4, 2027');
    expect(html).not.toContain('Service activation');
  });

  it('draws the grace notice with its end, and the win-back with the coupon code', async () => {
    const grace = renewalMilestoneMail({ ...reminderDetails, milestone: 'grace', graceEndsAt: new Date('2026-12-04T09:00:00Z') }, STORE);
    expect(grace.text).toContain('Your devices keep working until December 4, 2026 at 9:00 AM (UTC); renew before then and nothing stops.');
    const winBack = renewalMilestoneMail({ ...reminderDetails, milestone: 'win-back-7d', winBackCoupon: 'COMEBACK10' }, STORE);
    expect(winBack.subject).toBe('We miss you at StreamPlus');
    expect(winBack.text).toContain('Your code: COMEBACK10');
    expect(await htmlOf(winBack)).toContain('COMEBACK10');
  });

  it('is ready for dark mode and a 320 px screen', async () => {
    const html = await htmlOf(orderConfirmationMail(confirmation, STORE));
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('@media only screen and (max-width: 480px)');
    expect(html).toContain('max-width:600px;width:100%');
  });
});

describe('the unsubscribe link', () => {
  const secret = 'test-session-secret-of-at-least-32-chars!!';
  const customerId = '0b6f3f5e-4a53-4f55-9a0c-6a4f1f7b2c11';
  const other = '9d1c2f1e-0000-4000-8000-000000000001';

  it('names its customer, and a forged or altered one names nobody', () => {
    const token = unsubscribeToken(secret, customerId);
    expect(customerOfUnsubscribeToken(secret, token)).toBe(customerId);
    const [, signature] = token.split('.');
    expect(customerOfUnsubscribeToken(secret, `${other}.${signature}`)).toBeNull();
    expect(customerOfUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeNull();
    expect(customerOfUnsubscribeToken(secret, `${token}A`)).toBeNull();
    expect(customerOfUnsubscribeToken(secret, `${token}.x`)).toBeNull();
    expect(customerOfUnsubscribeToken(secret, customerId)).toBeNull();
    expect(customerOfUnsubscribeToken(secret, '')).toBeNull();
  });

  it('is the header pair of RFC 8058', () => {
    expect(listUnsubscribeHeaders('https://shop.example/unsubscribe?token=a.b')).toEqual({
      'List-Unsubscribe': '<https://shop.example/unsubscribe?token=a.b>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
