import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { subscriptionView } from '../support/subscription-views';

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** A lapsed 1-month subscription as GET /api/subscriptions answers it (issue 21 point 6), in grace or suspended. */
const lapsed = (state: { graceEndsAt: string | null; suspended: boolean }) =>
  subscriptionView({ status: 'expired', expirationDate: '2026-11-05T09:00:00.000Z', remainingDays: 0, remainingHours: 0, ...state });

for (const width of [390, 1280]) {
  describe(`the account's grace period at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('shows "Expired, grace period until" under the red Expired badge, then the suspension', async () => {
      const { page } = b;
      await page.goto('/');
      const email = uniqueEmail(`grace-${width}`);
      const signUp = await page.request.post('/api/register', {
        data: { signupType: 'account', firstName: 'Grace', lastName: 'Period', email, password: 'secret-pass', confirmPassword: 'secret-pass' },
      });
      expect(signUp.status()).toBe(201);
      // The store's answer for a lapsed subscription, drawn by the page (the API tests make it for real).
      let answer = lapsed({ graceEndsAt: '2026-11-08T09:00:00.000Z', suspended: false });
      await page.route('**/api/subscriptions*', (route) => route.fulfill({ json: [answer] }));

      await page.goto('/account');
      const grace = page.getByTestId('grace-period');
      await grace.waitFor();
      expect(await grace.textContent()).toMatch(/^Expired, grace period until Nov 8, 2026, /);
      expect(await page.getByTestId('subscription-status').textContent()).toBe('Expired');
      expect(await page.getByRole('button', { name: 'Reactivate' }).isEnabled()).toBe(true);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      answer = lapsed({ graceEndsAt: null, suspended: true });
      await page.reload();
      await page.getByTestId('grace-suspended').waitFor();
      expect(await page.getByTestId('grace-suspended').textContent()).toBe('Suspended (expired): your devices are off. Renew to turn them on again with the same credentials.');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

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
      await expect.poll(() => page.getByLabel('Win-back coupon').inputValue()).toBe('WELCOME10');

      await page.getByLabel('Win-back coupon').selectOption('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('The win-back emails offer no coupon.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}
