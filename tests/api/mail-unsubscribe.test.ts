import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mailPreferences, subscriptions } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { createSmtpMail } from '../../src/server/providers/mail/smtp-mail';
import { seededPackages } from '../support/checkout';
import { lastMailTo, registerCustomer, sessionCookieOf, setupTokenIn, type SignedIn } from '../support/customers';
import { paidOrder, paidSubscriber } from '../support/paid-orders';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in';
import { useTestApp, type TestApp } from '../support/test-app';

const DAY = 24 * 3_600_000;
const REMINDER_SUBJECT = 'Your StreamPlus subscription expires in 3 days';
const INVALID = 'This unsubscribe link is not valid. Nothing was changed.';
const UNSUBSCRIBED = 'You are unsubscribed from StreamPlus reminder and offer emails.';
const EVIL = { origin: 'https://evil.example' };

const mailsTo = (t: TestApp, to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const preferenceOf = async (t: TestApp, customerId: string) =>
  (await t.database.db.select().from(mailPreferences).where(eq(mailPreferences.customerId, customerId)))[0] ?? null;
const tokenIn = (url: string) => new URL(url).searchParams.get('token')!;

describe('branded emails and reminders one can unsubscribe from', () => {
  const clock = settableClock();
  const t = useTestApp({}, { clock });

  /** The 3-day reminder of the customer's subscription, written by the reminder pass at 2 days before expiry. */
  async function remind(customer: Awaited<ReturnType<typeof paidSubscriber>>) {
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    return (await t.services.renewalSchedule.runPass()).emails;
  }
  async function reminderOf(email: string) {
    const [reminder, ...more] = (await mailsTo(t, email)).filter((mail) => mail.subject === REMINDER_SUBJECT);
    expect(more).toEqual([]);
    return reminder!;
  }

  it('keeps every email as HTML with its text alternative; a receipt carries no List-Unsubscribe', async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    const [confirmation] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === `Order Confirmation - ${customer.order.id}`);
    expect(confirmation!.text).toContain(`Order ID: ${customer.order.id}`);
    expect(confirmation!.text).toContain('Total: $27.97');
    expect(confirmation!.html).toContain('<!DOCTYPE html');
    expect(confirmation!.html).toContain(customer.order.id);
    expect(confirmation!.html).toContain('$27.97');
    expect(confirmation!.html).toContain('href="http://localhost:5000/account"');
    expect(confirmation!.headers).toEqual({});
    expect(confirmation!.html).not.toContain('unsubscribe');

    const reset = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: customer.customer.email } });
    expect(reset.statusCode).toBe(200);
    const [resetMail] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === 'Reset your StreamPlus password');
    const link = /http:\/\/localhost:5000\/setup\/\S+/.exec(resetMail!.text)![0];
    expect(resetMail!.html).toContain(`href="${link}"`);
    expect(resetMail!.headers).toEqual({});
  });

  it('gives the 3-day reminder List-Unsubscribe with One-Click and a visible link to its unsubscribe page', async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    expect(await remind(customer)).toBe(1);
    const reminder = await reminderOf(customer.customer.email);

    const header = reminder.headers['List-Unsubscribe']!;
    expect(header).toMatch(/^<http:\/\/localhost:5000\/unsubscribe\?token=[^>]+>$/);
    expect(reminder.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const page = header.slice(1, -1);
    expect(reminder.html).toContain(`href="${page}"`);
    expect(reminder.html).toContain('Unsubscribe from reminder and offer emails');
    expect(reminder.html).toContain('Renew now');
    expect(reminder.html).toContain('1 Month Premium');
    expect(reminder.text).toContain('Your 1 Month Premium subscription expires on');
    expect(reminder.text).toContain(`Unsubscribe from reminder and offer emails: ${page}`);
  });

  it('unsubscribes from the page: the link is checked, used once or again with the same result, and no reminder follows', async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    await remind(customer);
    const token = tokenIn((await reminderOf(customer.customer.email)).headers['List-Unsubscribe']!.slice(1, -1));

    const check = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ valid: true, reminders: true });

    const first = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token }, headers: { origin: 'http://localhost:5000' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: UNSUBSCRIBED });
    const recorded = await preferenceOf(t, customer.customer.id);
    expect(recorded).toMatchObject({ reminders: false, changedBy: 'unsubscribe-page' });

    const again = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: UNSUBSCRIBED });
    expect(await preferenceOf(t, customer.customer.id)).toEqual(recorded);
    expect((await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` })).json()).toEqual({ valid: true, reminders: false });

    // A renewal starts a new period: its reminder is due, and not written.
    const { oneMonth } = await seededPackages(t.app);
    await paidOrder(t, { packageId: oneMonth.id, customerId: customer.customer.id, email: customer.customer.email, renewsSubscriptionId: customer.subscription.id });
    await t.services.jobs.drain();
    const [renewed] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, customer.subscription.id));
    expect(renewed!.expirationDate.getTime()).toBeGreaterThan(customer.subscription.expirationDate.getTime());
    expect(await remind({ ...customer, subscription: renewed! })).toBe(0);
    expect((await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === REMINDER_SUBJECT)).toHaveLength(1);
    // Receipts still arrive.
    expect((await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject.startsWith('Order Confirmation - '))).toHaveLength(2);
  });

  it('takes a mail client\'s one-click POST (RFC 8058) without cookies, from another origin, as a form', async () => {
    clock.set(new Date());
    const customer = await paidSubscriber(t);
    await remind(customer);
    const page = (await reminderOf(customer.customer.email)).headers['List-Unsubscribe']!.slice(1, -1);
    const url = page.replace('http://localhost:5000', '');

    const boundary = '----one-click';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const posted = await t.app.inject({
      method: 'POST',
      url,
      payload: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...EVIL },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ message: UNSUBSCRIBED });
    expect(await preferenceOf(t, customer.customer.id)).toMatchObject({ reminders: false, changedBy: 'one-click' });

    const again = await t.app.inject({
      method: 'POST',
      url,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(again.statusCode).toBe(200);
    expect(await preferenceOf(t, customer.customer.id)).toMatchObject({ reminders: false, changedBy: 'one-click' });
  });

  it('answers a forged or altered link with a clear 404 and changes nothing', async () => {
    clock.set(new Date());
    const victim = await paidSubscriber(t);
    const other = await paidSubscriber(t);
    await remind(other);
    const othersToken = tokenIn((await reminderOf(other.customer.email)).headers['List-Unsubscribe']!.slice(1, -1));
    const [, othersSignature] = othersToken.split('.');

    const forged = [
      `${victim.customer.id}.${othersSignature}`,
      `${victim.customer.id}.${'A'.repeat(43)}`,
      victim.customer.id,
      `${othersToken}x`,
      'not-a-token',
    ];
    for (const token of forged) {
      const query = `token=${encodeURIComponent(token)}`;
      const checked = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?${query}` });
      expect(checked.statusCode, token).toBe(404);
      expect(checked.json()).toEqual({ message: INVALID });
      const page = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token } });
      expect(page.statusCode, token).toBe(404);
      expect(page.json()).toEqual({ message: INVALID });
      const oneClick = await t.app.inject({ method: 'POST', url: `/unsubscribe?${query}`, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(oneClick.statusCode, token).toBe(404);
      expect(oneClick.json()).toEqual({ message: INVALID });
    }
    const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe', payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toEqual(expect.any(String));
    expect(await t.database.db.select().from(mailPreferences)).toEqual([]);
  });
});

describe('a guest who unsubscribed, then proves the address to an account', () => {
  const clock = settableClock();
  const t = useTestApp({}, { clock });

  it('keeps reminders off for the account, and the guest\'s old link still answers without error', async () => {
    clock.set(new Date());
    const email = `guest-${Date.now()}@example.com`;
    const { oneMonth } = await seededPackages(t.app);
    const order = await paidOrder(t, { packageId: oneMonth.id, email });
    await t.services.jobs.drain();
    const [subscription] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, order.id));
    clock.set(new Date(subscription!.expirationDate.getTime() - 2 * DAY));
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(1);
    const [reminder] = (await mailsTo(t, email)).filter((mail) => mail.subject === REMINDER_SUBJECT);
    const guestToken = tokenIn(reminder!.headers['List-Unsubscribe']!.slice(1, -1));
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: guestToken } })).statusCode).toBe(200);
    expect(await preferenceOf(t, subscription!.customerId)).toMatchObject({ reminders: false });

    const account = await registerCustomer(t.app, { email });
    const claim = await lastMailTo(t.database.db, email);
    expect(claim!.subject).toBe('Confirm your email to add your earlier orders');
    const proven = await t.app.inject({
      method: 'POST',
      url: '/api/setup-password',
      payload: { token: setupTokenIn(claim!.text), password: 'analytical-engine-2', confirmPassword: 'analytical-engine-2' },
    });
    expect(proven.statusCode).toBe(200);
    const [moved] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, subscription!.id));
    expect(moved!.customerId).toBe(account.customer.id);
    expect(await preferenceOf(t, account.customer.id)).toMatchObject({ reminders: false, changedBy: 'unsubscribe-page' });
    // Proving the address signs the account in afresh (its earlier sessions end).
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/email-preferences', cookies: sessionCookieOf(proven) })).json()).toEqual({ reminders: false });

    // The guest row is gone: its old link changes nothing and answers as before.
    const reused = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: guestToken } });
    expect(reused.statusCode).toBe(200);
    expect(reused.json()).toEqual({ message: UNSUBSCRIBED });
  });
});

describe('the account\'s email preferences', () => {
  const t = useTestApp();
  const preferences = (signedIn: SignedIn | null, method: 'GET' | 'PATCH' = 'GET', payload?: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: '/api/customer/email-preferences', cookies: signedIn?.cookies ?? {}, ...(payload === undefined ? {} : { payload }), headers });

  it('shows reminders on by default and turns them off and on again', async () => {
    const signedIn = await registerCustomer(t.app);
    expect((await preferences(signedIn)).json()).toEqual({ reminders: true });

    const off = await preferences(signedIn, 'PATCH', { reminders: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ reminders: false });
    expect((await preferences(signedIn)).json()).toEqual({ reminders: false });
    expect(await preferenceOf(t, signedIn.customer.id)).toMatchObject({ reminders: false, changedBy: 'account' });

    expect((await preferences(signedIn, 'PATCH', { reminders: true })).json()).toEqual({ reminders: true });
    expect((await preferences(signedIn)).json()).toEqual({ reminders: true });
  });

  it('refuses a guest, a bad body and another site', async () => {
    const signedIn = await registerCustomer(t.app);
    expect((await preferences(null)).statusCode).toBe(401);
    expect((await preferences(null, 'PATCH', { reminders: false })).statusCode).toBe(401);
    for (const body of [{}, { reminders: 'no' }, { reminders: null }]) {
      const refused = await preferences(signedIn, 'PATCH', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    const crossSite = await preferences(signedIn, 'PATCH', { reminders: false }, EVIL);
    expect(crossSite.statusCode).toBe(403);
    expect((await preferences(signedIn)).json()).toEqual({ reminders: true });
  });
});

describe('the SMTP provider', () => {
  let smtp: SmtpStandIn;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());

  it('sends the HTML with its text alternative and the header fields', async () => {
    const mail = createSmtpMail(smtp.url, 'StreamPlus <no-reply@streamplus.tv>');
    try {
      await mail.send({
        to: 'buyer@example.com',
        subject: REMINDER_SUBJECT,
        text: 'Plain words',
        html: '<p>Rich words</p>',
        headers: { 'List-Unsubscribe': '<http://localhost:5000/unsubscribe?token=abc.def>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } finally {
      mail.close();
    }
    const raw = smtp.received[0]!.raw;
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/Content-Type: text\/plain[\s\S]*Plain words[\s\S]*Content-Type: text\/html[\s\S]*<p>Rich words<\/p>/);
    expect(raw).toContain('List-Unsubscribe: <http://localhost:5000/unsubscribe?token=abc.def>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
