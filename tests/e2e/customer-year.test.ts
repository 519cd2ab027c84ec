import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cryptoRenewalInvoices, renewalCharges } from '../../src/server/schema';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { checkoutOneMonth } from '../support/guest-purchase';
import { DAY, HOUR, mailsTo } from '../support/renewal-schedule';
import { useStoreWithClock, type StoreWithClock } from '../support/store-with-clock';

/**
 * A customer's months around renewals, at 390 px, on a store in America/New_York whose
 * customer browses from Los Angeles: a trial, a card purchase that renews by itself, the
 * notice and the charge, a card that runs dry (each decline, grace, suspension), a renewal
 * by hand, a 3-D Secure charge confirmed from its email, a second subscription paid in crypto
 * renewed from its invoice, and an unsubscribe that leaves the service notices coming.
 * Every page is checked for sideways scroll and with axe. With YEAR_LOG=<file> it writes what
 * the customer saw and received, step by step, to that file.
 */

const START = '2026-12-01T18:00:00.000Z';
const CUSTOMER_ZONE = 'America/Los_Angeles';
const CARD_INSUFFICIENT_FUNDS = '4000000000009995';
const CARD_AUTHENTICATION_REQUIRED = '4000002760003184';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const inCustomerZone = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { timeZone: CUSTOMER_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(date) + ` (${CUSTOMER_ZONE})`;

interface Listed {
  id: string;
  package: { name: string };
  expirationDate: string;
  autoRenew: boolean;
}

/** The demo card form, filled with the card that pays, and its Pay button. */
async function payWithTypedCard(page: Page): Promise<void> {
  await page.getByText('Demo mode: no real charge').waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

class Year {
  readonly lines: string[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly store: StoreWithClock,
    private readonly page: Page,
    private readonly context: BrowserContext,
    readonly email: string,
  ) {}

  /** Moves the store's clock and the browser's with it. */
  async at(date: Date, step: string): Promise<void> {
    this.store.clock.set(date);
    await this.context.clock.setFixedTime(date);
    this.lines.push('', `### ${inCustomerZone(date)}: ${step}`);
  }

  async renewalSchedule(): Promise<void> {
    await this.store.services.renewalSchedule.runPass();
    await this.store.services.jobs.drain();
  }

  async chargePass(): Promise<string[]> {
    const outcomes = await this.store.services.renewalCharges.runPass();
    await this.store.services.jobs.drain();
    return outcomes;
  }

  /** The page as the customer sees it: no sideways scroll, no serious axe violation, and a line of what it says. */
  async saw(what: string, text: string | null): Promise<void> {
    expect(await sidewaysScroll(this.page), what).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(this.page), what).toEqual([]);
    this.lines.push(`- Saw ${what}: "${(text ?? '').replace(/\s+/g, ' ').trim()}"`);
  }

  note(line: string): void {
    this.lines.push(`- ${line}`);
  }

  /** The emails written since the last look, each with its subject and the lines that carry dates, money and what to do. */
  async emails(): Promise<Array<{ subject: string; text: string; headers: Record<string, string> }>> {
    const fresh = (await mailsTo(this.store.t, this.email)).filter((mail) => !this.seen.has(mail.id));
    for (const mail of fresh) {
      this.seen.add(mail.id);
      const key = mail.text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => /\$|\d{4}|card ending|Choose a package|Update card|turn it off|unsubscribe/i.test(line) && !/^(Order ID|Unsubscribe from)/.test(line))
        .map((line) => line.replace(/https?:\/\/127\.0\.0\.1:\d+/g, 'https://store.example'))
        .slice(0, 8);
      this.lines.push(`- Email "${mail.subject}"${mail.headers['List-Unsubscribe'] ? ' (with an unsubscribe link)' : ''}`, ...key.map((line) => `  - ${line}`));
    }
    return fresh;
  }

  /** "Update card" on the account page, through the API as the page calls it with the demo card network. */
  async switchCard(subscriptionId: string, cardNumber: string): Promise<void> {
    const setup = await this.page.request.post(`/api/subscriptions/${subscriptionId}/card-setup`);
    expect(setup.status()).toBe(200);
    const { setupIntentId } = (await setup.json()) as { setupIntentId: string };
    expect((await this.page.request.post(`/api/demo/setup-intents/${setupIntentId}/confirm`, { data: { cardNumber, expiry: '12/34', cvc: '123' } })).status()).toBe(200);
    expect((await this.page.request.post(`/api/subscriptions/${subscriptionId}/card`, { data: { setupIntentId } })).status()).toBe(200);
  }

  async subscriptions(): Promise<Listed[]> {
    return (await (await this.page.request.get('/api/subscriptions')).json()) as Listed[];
  }
}

describe("a customer's months around renewals at 390 px", () => {
  const b = useBrowser();
  const own = useStoreWithClock(START, { STORE_TIME_ZONE: 'America/New_York' });

  it('says each charge, decline and change when it happens, in the customer’s zone, and every page fits', async () => {
    const { store } = own;
    const email = `grace-hopper-${Date.now()}@example.com`;
    const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width: 390, height: 844 }, timezoneId: CUSTOMER_ZONE, locale: 'en-US' });
    const page = await context.newPage();
    const year = new Year(store, page, context, email);
    try {
      // A trial from the sign-up page.
      await year.at(new Date(START), 'signs up for the 36-hour free trial');
      await page.goto('/register');
      await page.getByRole('radio', { name: /36 Hour Free Trial/ }).click();
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await page.getByLabel('Confirm Password').fill('secret-pass');
      await page.getByRole('button', { name: 'Start Free Trial' }).click();
      await page.waitForURL('**/account');
      const card = page.getByTestId('subscription-card').first();
      await card.getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
      await year.saw('the trial on the account page', await card.getByTestId('expiry-date').textContent());
      await store.services.jobs.drain();
      await year.emails();
      const [trial] = await year.subscriptions();
      const trialEnd = new Date(trial!.expirationDate);
      expect(trialEnd.getTime() - new Date(START).getTime()).toBe(36 * HOUR);

      await year.at(new Date(trialEnd.getTime() - 12 * HOUR + 60_000), 'twelve hours before the trial ends');
      await year.renewalSchedule();
      expect((await year.emails()).map((mail) => mail.subject)).toEqual(['Your StreamPlus trial ends in 12 hours']);

      // A month of 1 Month Premium, bought at checkout with "Renew automatically".
      await year.at(new Date(trialEnd.getTime() - 2 * HOUR), 'buys 1 Month Premium by card, renewing automatically');
      await checkoutOneMonth(page);
      await page.getByLabel('Gift Card', { exact: true }).click();
      await page.getByRole('option', { name: 'Walmart', exact: true }).click();
      const renewBox = page.getByRole('checkbox', { name: /^Renew automatically/ });
      await renewBox.check();
      await year.saw('the automatic renewal choice', await page.locator('label[for="auto-renew"]').textContent());
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await payWithTypedCard(page);
      const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
      await confirmed.waitFor();
      await year.saw('the order confirmed', await confirmed.textContent());
      await confirmed.getByRole('button', { name: 'Continue' }).click();
      await store.services.jobs.drain();
      await year.emails();
      const monthly = (await year.subscriptions()).find((row) => row.package.name === '1 Month Premium')!;
      expect(monthly.autoRenew).toBe(true);

      // A package chosen: the trial's last reminder, "Choose a package", is not sent.
      await year.at(new Date(trialEnd.getTime() - HOUR + 60_000), 'an hour before the trial ends');
      await year.renewalSchedule();
      expect(await year.emails()).toEqual([]);

      // The first renewal: one notice 7 days before the charge, then the charge 3 days before the expiry.
      let expiry = new Date(monthly.expirationDate);
      await year.at(new Date(expiry.getTime() - 10 * DAY + HOUR), 'seven days before the first automatic charge');
      await year.renewalSchedule();
      const notice = await year.emails();
      expect(notice.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Your subscription renews on .*: \$15\.99 to the card ending 4242$/)]);

      await year.at(new Date(expiry.getTime() - 3 * DAY + 60_000), 'the automatic charge, 3 days before the expiry');
      expect(await year.chargePass()).toEqual(['succeeded']);
      await year.renewalSchedule();
      const receipt = await year.emails();
      expect(receipt).toHaveLength(1);
      expect(receipt[0]!.text).not.toContain('Service activation');
      await page.goto('/account');
      await year.saw('the account after the charge', await page.getByTestId('subscription-card').filter({ hasText: '1 Month Premium' }).getByTestId('expiry-date').textContent());

      // The card on file runs dry: each decline said at once, then the grace period and the suspension.
      expiry = new Date((await year.subscriptions()).find((row) => row.id === monthly.id)!.expirationDate);
      await year.switchCard(monthly.id, CARD_INSUFFICIENT_FUNDS);
      year.note('The card on file is now one without funds (card ending 9995).');
      await year.at(new Date(expiry.getTime() - 10 * DAY + HOUR), 'seven days before the second automatic charge');
      await year.renewalSchedule();
      await year.emails();
      await year.at(new Date(expiry.getTime() - 3 * DAY + 60_000), 'the second automatic charge is declined');
      expect(await year.chargePass()).toEqual(['declined']);
      await year.renewalSchedule();
      expect((await year.emails()).map((mail) => mail.subject)).toEqual(['Your renewal payment failed']);
      await page.goto('/account');
      const banner = page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' });
      await banner.waitFor();
      await year.saw('the red banner on the account page', await banner.textContent());
      await year.at(new Date(expiry.getTime() - 2 * DAY + 60_000), 'the retry is declined');
      expect(await year.chargePass()).toEqual(['declined']);
      await year.renewalSchedule();
      expect((await year.emails()).map((mail) => mail.subject)).toEqual(['Your renewal payment failed']);
      await year.at(new Date(expiry.getTime() + 60_000), 'the last retry, at the expiry, is declined');
      expect(await year.chargePass()).toEqual(['failed']);
      await year.renewalSchedule();
      await year.emails();
      await year.at(new Date(expiry.getTime() + HOUR), 'an hour after the expiry: the grace period');
      await year.renewalSchedule();
      await year.emails();
      await page.goto('/account');
      await banner.waitFor();
      await year.saw('the account in the grace period', await banner.textContent());
      await year.at(new Date(expiry.getTime() + DAY + HOUR), 'a day after the expiry: the grace notice');
      await year.renewalSchedule();
      expect((await year.emails()).map((mail) => mail.subject)).toEqual(['Your StreamPlus subscription has expired']);
      await year.at(new Date(expiry.getTime() + 3 * DAY + HOUR), 'the grace period has ended: the devices are off');
      await year.renewalSchedule();
      await year.emails();
      await page.goto('/account');
      const lock = page.getByTestId('device-lock').first();
      await lock.waitFor();
      await year.saw('a device on the account page', await lock.textContent());

      // A renewal by hand with another card.
      await year.at(new Date(expiry.getTime() + 3 * DAY + 2 * HOUR), 'renews by hand with another card');
      await page.goto('/account');
      await page.getByTestId('subscription-card').filter({ hasText: '1 Month Premium' }).getByRole('button', { name: /^(Renew|Reactivate)$/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Renew Subscription' });
      await dialog.getByLabel('Gift Card', { exact: true }).click();
      await page.getByRole('option', { name: 'Target', exact: true }).click();
      await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.waitForURL('**/checkout');
      const renewing = page.getByTestId('renewing');
      await renewing.waitFor();
      await year.saw('the renewal checkout', await renewing.textContent());
      await page.getByRole('button', { name: 'Enter another card' }).click();
      await payWithTypedCard(page);
      await confirmed.waitFor();
      // The paid order's jobs apply the renewal (a running store's workers; this store's by hand), and the dialog says the new date.
      await expect
        .poll(
          async () => {
            await store.services.jobs.drain();
            return confirmed.textContent();
          },
          { timeout: 30_000 },
        )
        .toMatch(/Your subscription is extended to/);
      await year.saw('the renewal confirmed', await confirmed.textContent());
      await confirmed.getByRole('button', { name: 'Continue' }).click();
      await store.services.jobs.drain();
      await year.emails();

      // The next charge asks for 3-D Secure, confirmed from the email's link.
      const renewed = (await year.subscriptions()).find((row) => row.id === monthly.id)!;
      year.note(`Automatic renewal after the renewal by hand: ${renewed.autoRenew ? 'on' : 'off'}.`);
      await year.switchCard(monthly.id, CARD_AUTHENTICATION_REQUIRED);
      year.note('The card on file is now one whose bank asks for 3-D Secure (card ending 3184).');
      expiry = new Date(renewed.expirationDate);
      await year.at(new Date(expiry.getTime() - 10 * DAY + HOUR), 'seven days before the third automatic charge');
      await year.renewalSchedule();
      await year.emails();
      await year.at(new Date(expiry.getTime() - 3 * DAY + 60_000), 'the bank asks to confirm the third charge');
      expect(await year.chargePass()).toEqual(['requires_action']);
      await year.renewalSchedule();
      await year.emails();
      const [charge] = (await store.t.database.db.select().from(renewalCharges)).filter((row) => row.subscriptionId === monthly.id && row.status === 'requires_action');
      await page.goto(`/renewals/${charge!.id}/confirm?token=${renewalConfirmToken(store.t.config.SESSION_SECRET, charge!.id)}`);
      await page.getByRole('button', { name: 'Confirm payment' }).click();
      const paidHeading = page.getByRole('heading', { name: 'Your renewal is paid' });
      await paidHeading.waitFor();
      await year.saw('the 3-D Secure page after confirming', await page.locator('main').textContent());
      await store.services.jobs.drain();
      await year.emails();

      // A second subscription, for another room, paid in crypto and renewed from its invoice.
      await year.at(new Date(expiry.getTime() - 3 * DAY + 2 * HOUR), 'buys a second 1 Month Premium with cryptocurrency');
      await checkoutOneMonth(page);
      await page.getByLabel('Gift Card', { exact: true }).click();
      await page.getByRole('option', { name: 'Walmart', exact: true }).click();
      await page.getByText('Cryptocurrency', { exact: true }).click();
      await page.getByRole('button', { name: 'Pay with USDC' }).click();
      await page.getByText('15.99 USDC').waitFor();
      await year.saw('the crypto payment', await page.getByText('15.99 USDC').textContent());
      await page.getByRole('button', { name: 'Simulate payment received' }).click();
      await confirmed.waitFor({ timeout: 30_000 });
      await confirmed.getByRole('button', { name: 'Continue' }).click();
      await store.services.jobs.drain();
      await year.emails();
      const crypto = (await year.subscriptions()).find((row) => row.id !== monthly.id && row.package.name === '1 Month Premium')!;
      const cryptoExpiry = new Date(crypto.expirationDate);
      await year.at(new Date(cryptoExpiry.getTime() - 3 * DAY + HOUR), 'three days before the crypto subscription ends: its invoice');
      await year.renewalSchedule();
      const invoiceMails = await year.emails();
      const [invoice] = (await store.t.database.db.select().from(cryptoRenewalInvoices)).filter((row) => row.subscriptionId === crypto.id);
      await page.goto(invoice!.invoiceUrl!);
      await page.getByRole('heading', { name: 'Renewal invoice' }).waitFor();
      await year.saw('the renewal invoice', await page.locator('main').textContent());
      await page.getByRole('button', { name: 'Simulate payment received' }).click();
      await page.getByText('Payment received: your subscription is renewed with the same credentials.').waitFor();
      await store.services.jobs.drain();
      await year.emails();

      // Unsubscribes from a reminder's link; the service notices still come.
      const unsubscribeUrl = invoiceMails.map((mail) => mail.headers['List-Unsubscribe']).find(Boolean)?.slice(1, -1);
      expect(unsubscribeUrl).toBeTruthy();
      await year.at(new Date(cryptoExpiry.getTime() - 3 * DAY + 2 * HOUR), 'unsubscribes from reminder emails');
      await page.goto(unsubscribeUrl!.replace(/^https?:\/\/[^/]+/, ''));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await year.saw('the unsubscribe page', await page.getByRole('status').textContent());
      await page.goto('/account');
      const autoRenew = page.getByTestId('auto-renew').filter({ has: page.getByRole('switch', { checked: true }) });
      await autoRenew.getByRole('switch').click();
      const turnOff = page.getByRole('dialog', { name: 'Turn off automatic renewal?' });
      await year.saw('the question before automatic renewal is turned off', await turnOff.textContent());
      await turnOff.getByRole('button', { name: /^Turn (it )?off/ }).click();
      await turnOff.waitFor({ state: 'hidden' });
      const status = page.getByTestId('auto-renew').filter({ hasText: '3184' }).getByTestId('auto-renew-status');
      await expect.poll(() => status.textContent()).toMatch(/^Off: /);
      await year.saw('automatic renewal, off', await status.textContent());
      await store.services.jobs.drain();
      await year.emails();
      const last = new Date((await year.subscriptions()).find((row) => row.id === monthly.id)!.expirationDate);
      // Unsubscribed: no reminder to renew by hand; the grace notice is a service notice and still comes.
      for (const [at, step] of [
        [last.getTime() - 3 * DAY + HOUR, 'three days before the card subscription ends'],
        [last.getTime() - DAY + HOUR, 'a day before it ends'],
        [last.getTime() + DAY + HOUR, 'a day after it ended'],
      ] as const) {
        await year.at(new Date(at), step);
        await year.renewalSchedule();
      }
      expect((await year.emails()).map((mail) => mail.subject)).toEqual(['Your StreamPlus subscription has expired']);
    } finally {
      if (process.env.YEAR_LOG) writeFileSync(process.env.YEAR_LOG, year.lines.join('\n') + '\n');
      await context.close();
    }
  }, 600_000);
});
