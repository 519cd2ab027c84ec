import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { buyWithAutoRenew } from '../support/saved-cards';
import { useStoreWithClock } from '../support/store-with-clock';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const START = '2027-01-05T09:00:00.000Z';
const DAY = 24 * 3_600_000;
const CARD_INSUFFICIENT_FUNDS = '4000000000009995';

/** A declined automatic renewal on the account page (decision 0045), on a store whose clock the test moves. */
describe("the account's banner of a declined renewal", () => {
  const b = useBrowser();
  const own = useStoreWithClock(START);

  for (const width of [390, 1280]) {
    it(`says the decline, the next attempt and Update card, then the expiry and grace end, at ${width} px`, async () => {
      const { store } = own;
      store.clock.set(START);
      const bought = await buyWithAutoRenew(store.t, { card: CARD_INSUFFICIENT_FUNDS });
      await store.services.jobs.drain();
      const expiry = new Date('2027-02-05T09:00:00.000Z').getTime();
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        await context.addCookies([{ name: 'sid', value: bought.cookies!.sid, url: store.baseUrl }]);
        const page = await context.newPage();

        // Declined 3 days before expiry: the card is tried again a day later.
        store.clock.set(new Date(expiry - 3 * DAY));
        expect(await store.services.renewalCharges.runPass()).toEqual(['declined']);
        await context.clock.setFixedTime(store.clock.now());
        // The email's Update card link opens the dialog on the account page.
        await page.goto(`/account?update-card=${bought.subscriptionId}`);
        // The open dialog hides the page from assistive technology: the banner is read once it is closed.
        await page.getByRole('dialog', { name: 'Update card' }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Update card' }).waitFor({ state: 'hidden' });
        const banner = page.getByRole('alert').filter({ hasText: 'Your renewal payment failed' });
        await banner.waitFor();
        expect(await banner.textContent()).toMatch(/Your card has insufficient funds\. We will try again on February 3, 2027 at 9:00 AM \(UTC\)\./);
        expect(await page.getByTestId('auto-renew-status').textContent()).toBe('On: the renewal payment was declined and will be tried again.');
        expect(await banner.getByRole('button', { name: 'Update card' }).isVisible()).toBe(true);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // Every attempt declined, and the subscription in its grace period.
        store.clock.set(new Date(expiry - 2 * DAY));
        expect(await store.services.renewalCharges.runPass()).toEqual(['declined']);
        store.clock.set(new Date(expiry));
        expect(await store.services.renewalCharges.runPass()).toEqual(['failed']);
        store.clock.set(new Date(expiry + DAY));
        await store.services.renewalSchedule.runPass();
        await context.clock.setFixedTime(store.clock.now());
        await page.goto('/account');
        await banner.waitFor();
        expect(await banner.textContent()).toContain(
          'We will not try again. Your subscription expired on February 5, 2027 at 9:00 AM (UTC); your devices keep working until the grace period ends on February 8, 2027 at 9:00 AM (UTC).',
        );
        expect(await page.getByTestId('auto-renew-status').textContent()).toBe('On: the renewal payment failed. Update your card and renew by hand.');
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
