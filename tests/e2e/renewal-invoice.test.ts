import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cryptoRenewalInvoices } from '../../src/server/schema';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { DAY, subscriber, subscriptionRow } from '../support/renewal-schedule';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * A crypto subscription's renewal invoice (decision 0046), opened from its 3-day
 * reminder, naming what it renews (decision 0075) and paid with the demo provider, at 390 and 1280 px with axe, on a store whose
 * clock the test moves to three days before the expiry.
 */

const START = '2026-11-01T09:00:00.000Z';
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("a crypto subscription's renewal invoice", () => {
  const b = useBrowser();
  const own = useStoreWithClock(START);

  for (const width of [390, 1280]) {
    it(`names the package, the amount in dollars and the new expiry, shows the amount and address, and paying it renews the subscription, at ${width} px`, async () => {
      const { store } = own;
      store.clock.set(START);
      const customer = await subscriber(store.t, { paymentMethod: 'crypto' });
      const expiry = customer.subscription.expirationDate;
      store.clock.set(new Date(expiry.getTime() - 2 * DAY));
      await store.services.renewalSchedule.runPass();
      const invoices = await store.t.database.db.select().from(cryptoRenewalInvoices);
      const invoice = invoices.find((row) => row.subscriptionId === customer.subscription.id);
      expect(invoice?.invoiceUrl).toMatch(new RegExp(`^${store.baseUrl}/checkout\\?invoice=`));

      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(invoice!.invoiceUrl!);
        await page.getByRole('heading', { name: 'Renewal invoice' }).waitFor();
        await page.getByText('1 Month Premium, $15.99: once paid, your subscription runs until January 1, 2027.').waitFor();
        await page.getByText('15.99 USDC').waitFor();
        expect(await page.getByText(/^0x[0-9a-f]{40}$/).count()).toBe(1);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'Simulate payment received' }).click();
        await page.getByText('Payment received: your subscription is renewed with the same credentials.').waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await store.services.jobs.drain();
        expect((await subscriptionRow(store.t, customer.subscription.id)).expirationDate.toISOString()).toBe('2027-01-01T09:00:00.000Z');
      } finally {
        await context.close();
      }
    });
  }
});
