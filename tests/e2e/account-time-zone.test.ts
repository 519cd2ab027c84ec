import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customerDateTime } from '../../src/domain/store-time';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';

/** The account page writes the customer's dates in their own zone and names it; the zone can be changed there (decision 0074). */

const PASSWORD = 'correct-horse-7';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function startTrial(page: Page, email: string) {
  await page.goto('/register');
  await page.getByRole('radio', { name: /36 Hour Free Trial/ }).click();
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await page.waitForURL('**/account');
  await page.getByText('Welcome back, Ada!').waitFor();
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The trial's expiry as the API gives it, to compute what the page must write for it in a zone. */
const expiryOf = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/subscriptions')).json()) as Array<{ expirationDate: string }>)[0]!.expirationDate);

for (const width of [390, 1280]) {
  describe(`the account's time zone at ${width} px`, () => {
    // A browser in Tokyo: sign-up records its zone.
    const b = useBrowser({ viewport: { width, height: 900 }, timezoneId: 'Asia/Tokyo' });

    it("writes the trial's expiry in the zone the browser had at sign-up, naming it, and follows a change made in the account", async () => {
      const { page } = b;
      await startTrial(page, uniqueEmail(`zone-${width}`));
      const zone = page.getByRole('combobox', { name: 'Time zone' });
      const expiry = page.getByTestId('subscription-card').getByTestId('expiry-date');
      await expiry.waitFor();
      expect(await zone.inputValue()).toBe('Asia/Tokyo');
      const expirationDate = new Date(await expiryOf(page));
      expect(await expiry.textContent()).toBe(customerDateTime(expirationDate, 'Asia/Tokyo'));
      expect(await expiry.textContent()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M \(Asia\/Tokyo\)$/);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await zone.selectOption('America/New_York');
      await page.getByText('Time Zone Saved', { exact: true }).waitFor();
      await expect.poll(() => expiry.textContent()).toBe(customerDateTime(expirationDate, 'America/New_York'));
      expect(await expiry.textContent()).toMatch(/ \(America\/New_York\)$/);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      // Kept by the server, not the browser (still in Tokyo).
      await page.reload();
      await page.getByTestId('subscription-card').getByTestId('expiry-date').waitFor();
      expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('America/New_York');
      expect(await page.getByTestId('subscription-card').getByTestId('expiry-date').textContent()).toBe(customerDateTime(expirationDate, 'America/New_York'));
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}
