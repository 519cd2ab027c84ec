import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { chargesOf, DAY } from '../support/renewal-charges';
import { buyWithAutoRenew } from '../support/saved-cards';
import { startStoreWithClock, type StoreWithClock } from '../support/store-with-clock';

/**
 * The admin's Renewals section and the 3-D Secure confirmation page, at 390 and 1280 px with
 * axe. Renewals need time to pass, so these run against a store of their own in this
 * process (the built client, a fresh embedded database, a clock the test moves), not the
 * shared e2e store whose clock is the machine's.
 */

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');

interface Store extends StoreWithClock {
  confirmLink: string;
}

/** A store with three auto-renewing customers on their expiry day: one renewed, one declined on every attempt, one waiting for 3-D Secure. */
async function storeWithRenewals(): Promise<Store> {
  const store = await startStoreWithClock(START);
  const { services, clock, t } = store;
  await buyWithAutoRenew(t, {});
  await buyWithAutoRenew(t, { card: '4000000000009995' });
  const waiting = await buyWithAutoRenew(t, { card: '4000002760003184' });
  await services.jobs.drain();
  // The charge day, then the declined card's two retries.
  for (const days of [-3, -2, 0]) {
    clock.set(new Date(EXPIRY.getTime() + days * DAY));
    await services.renewalCharges.runPass();
    await services.jobs.drain();
  }
  const [charge] = await chargesOf(t, waiting.subscriptionId);
  const confirmLink = `/renewals/${charge!.id}/confirm?token=${renewalConfirmToken(t.config.SESSION_SECRET, charge!.id)}`;
  return { ...store, confirmLink };
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('automatic renewals in the browser', () => {
  const b = useBrowser();
  let store: Store;

  beforeAll(async () => {
    store = await storeWithRenewals();
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows the admin's Renewals section at ${width} px: the forecast, the failures and the auto-renewing subscriptions`, async () => {
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await adminSignIn(page);
        await page.goto('/admin?tab=renewals');
        await page.getByRole('heading', { name: 'Failed renewals' }).waitFor();
        const failed = page.getByTestId('failed-renewal');
        await expect.poll(() => failed.count()).toBe(2);
        expect(await page.getByText('Reason: Your card has insufficient funds.').count()).toBe(1);
        expect(await page.getByText('Awaiting customer confirmation').count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId('auto-renewing-subscription').count()).toBe(3);
        expect(await page.getByText('Visa ending 4242, expires', { exact: false }).count()).toBeGreaterThan(0);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Each failure names its customer and when it failed.
        expect(await failed.first().getByText('Ada Lovelace').count()).toBe(1);
        expect(await failed.first().getByText('Failed', { exact: true }).count()).toBe(1);

        if (width === 1280) {
          await failed.filter({ hasText: 'Awaiting customer confirmation' }).getByRole('button', { name: 'Retry now' }).click();
          await toast(page, 'Renewal Retried').waitFor();
          await failed.filter({ hasText: 'Reason: Your card has insufficient funds.' }).getByRole('button', { name: /^Dismiss/ }).click();
          await toast(page, 'Failed Renewal Dismissed').waitFor();
          await expect.poll(() => failed.count()).toBe(1);
          expect(await page.getByText('Reason: Your card has insufficient funds.').count()).toBe(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }

  for (const width of [390, 1280]) {
    it(`confirms a 3-D Secure renewal from the email's link at ${width} px, without signing in`, async () => {
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(store.confirmLink);
        if (width === 390) {
          // The heading shows while the renewal loads too ("Checking your renewal..."); its button once it has loaded.
          await page.getByRole('button', { name: 'Confirm payment' }).waitFor();
          expect(await page.getByRole('heading', { name: 'Confirm your renewal' }).count()).toBe(1);
          // The sentence names the amount and the package, each isolated (decision 0111); the list repeats them.
          expect(await page.getByText('Your bank asks you to confirm the $15.99 charge that renews your 1 Month Premium subscription.').count()).toBe(1);
          const facts = page.locator('dl');
          expect(await facts.getByText('1 Month Premium', { exact: true }).count()).toBe(1);
          expect(await facts.getByText('$15.99', { exact: true }).count()).toBe(1);
          expect(await facts.getByText('Visa ending 3184').count()).toBe(1);
          expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await page.getByRole('button', { name: 'Confirm payment' }).click();
        }
        await page.getByRole('heading', { name: 'Your renewal is paid' }).waitFor();
        // The new expiry, a month after the one the charge renewed, not the old one, with its time and zone (decision 0074).
        expect(await page.getByText('March 5, 2027 at 9:00 AM (UTC)', { exact: true }).count()).toBe(1);
        expect(await page.getByText(/February 5, 2027/).count()).toBe(0);
        expect(await page.getByRole('link', { name: 'Open your account' }).count()).toBe(1);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // A forged link says so and still leads somewhere.
        await page.goto(store.confirmLink.replace(/token=.*/, 'token=forged'));
        await page.getByRole('heading', { name: 'Renewal not found' }).waitFor();
        expect(await page.getByRole('link', { name: 'Open your account' }).count()).toBe(1);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
