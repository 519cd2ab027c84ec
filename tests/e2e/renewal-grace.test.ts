import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { subscriber } from '../support/renewal-schedule';
import { useStoreWithClock } from '../support/store-with-clock';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const START = '2026-11-01T09:00:00.000Z';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the account's grace period and suspension, on a store whose clock the test moves", () => {
  const b = useBrowser();
  const own = useStoreWithClock(START);

  for (const width of [390, 1280]) {
    it(`shows "Expired, grace period until" under the red Expired badge, then the suspension, at ${width} px`, async () => {
      const { store } = own;
      store.clock.set(START);
      const customer = await subscriber(store.t);
      const expiry = customer.subscription.expirationDate;
      expect(expiry.toISOString()).toBe('2026-12-01T09:00:00.000Z');
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        await context.addCookies([{ name: 'sid', value: customer.cookies.sid, url: store.baseUrl }]);
        const page = await context.newPage();

        // An hour after expiry: the renewal pass expires it, and its lines run on for GRACE_DAYS (3).
        store.clock.set(new Date(expiry.getTime() + HOUR));
        await store.services.renewalSchedule.runPass();
        // The page judges "expired" by the browser's clock: it reads the store's.
        await context.clock.setFixedTime(store.clock.now());
        await page.goto('/account');
        const grace = page.getByTestId('grace-period');
        await grace.waitFor();
        expect(await grace.textContent()).toMatch(/^Expired, grace period until December 4, 2026 at 9:00 AM \(UTC\)\./);
        expect(await page.getByTestId('subscription-status').textContent()).toBe('Expired');
        expect(await page.getByRole('button', { name: 'Reactivate' }).isEnabled()).toBe(true);
        // Its device plays on through the grace period; its changes wait for a renewal, as the server refuses them.
        const device = page.getByTestId('device-credential').first();
        expect(await device.getByTestId('device-coverage').textContent()).toBe('Active');
        expect(await device.getByTestId('device-lock').textContent()).toBe('This subscription has expired. Renew it to manage its devices.');
        expect(await device.getByRole('button', { name: 'New password' }).isDisabled()).toBe(true);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // After the grace period the pass turns its lines off.
        store.clock.set(new Date(expiry.getTime() + 3 * DAY + HOUR));
        await store.services.renewalSchedule.runPass();
        await context.clock.setFixedTime(store.clock.now());
        await page.reload();
        await page.getByTestId('grace-suspended').waitFor();
        expect(await page.getByTestId('grace-suspended').textContent()).toBe('Suspended (expired): your devices are off. Renew to turn them on again with the same credentials.');
        // Each device says Off, greyed, with why, and none of its changes can be started.
        await device.getByTestId('live-status').waitFor();
        expect(await device.getAttribute('data-off')).toBe('true');
        expect(await device.getByTestId('device-coverage').textContent()).toBe('Off');
        expect(await device.getByTestId('device-enabled').textContent()).toBe('Off');
        expect(await device.getByTestId('device-lock').textContent()).toBe('Off: this subscription is suspended until it is renewed.');
        for (const action of ['Rename', 'New password', 'Reset ISP lock', 'Turn off']) expect(await device.getByRole('button', { name: action }).isDisabled(), action).toBe(true);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // The owner's audit log names the store as the one that turned the lines off.
        const admin = await context.newPage();
        await adminSignIn(admin);
        await admin.goto(`/admin?tab=audit&orderId=${customer.order.id}`);
        const entry = admin.getByTestId('audit-entry');
        await entry.waitFor();
        expect(await entry.getByTestId('audit-sentence').textContent()).toBe(`Suspended the lines of ${customer.order.id}: its grace period ended`);
        expect(await entry.textContent()).toContain('by the store,');
        expect(await sidewaysScroll(admin)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(admin)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

for (const width of [390, 1280]) {
  describe(`the admin's win-back coupon at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('chooses one of the coupons for the win-back emails, and none again', async () => {
      const { page } = b;
      await adminSignIn(page);
      await page.goto('/admin?tab=coupons');
      const choice = page.getByLabel('Win-back coupon');
      await choice.waitFor();
      await page.getByTestId('admin-coupon').first().waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await choice.selectOption('WELCOME10');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Win-back Coupon Saved').waitFor();
      await page.reload();
      // After a reload the choice waits for the coupons' answer; expect.poll alone gives up after 1 s.
      await expect.poll(() => page.getByLabel('Win-back coupon').inputValue(), { timeout: 15_000 }).toBe('WELCOME10');

      await page.getByLabel('Win-back coupon').selectOption('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      // The toast's own line (its live region repeats it for screen readers), then the choice as the store kept it.
      await toast(page, 'Win-back Coupon Saved').waitFor();
      await page.locator('[data-variant]').getByText('The win-back emails offer no coupon.', { exact: true }).waitFor();
      await page.reload();
      await page.getByTestId('admin-coupon').first().waitFor();
      await expect.poll(() => page.getByLabel('Win-back coupon').inputValue(), { timeout: 15_000 }).toBe('');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}
