import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';

/** Automatic renewal in the browser (decision 0044): "Renew automatically" at checkout, then the account's automatic renewal block. */

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function fillDemoCard(scope: Page, cardNumber: string): Promise<void> {
  await scope.getByLabel('Card number').fill(cardNumber);
  await scope.getByLabel('Expiry').fill('12/34');
  await scope.getByLabel('CVC').fill('123');
}

for (const width of [390, 1280]) {
  describe(`automatic renewal at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('buys with the box ticked, then turns renewal off and updates the card from the account', async () => {
      const { page } = b;
      await page.goto('/');
      const signUp = await page.request.post('/api/register', {
        data: { signupType: 'account', firstName: 'Katherine', lastName: 'Johnson', email: uniqueEmail(`auto-${width}`), password: 'secret-pass', confirmPassword: 'secret-pass' },
      });
      expect(signUp.status()).toBe(201);

      await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL('**/checkout');
      await page.getByLabel('Gift Card', { exact: true }).click();
      await page.getByRole('option', { name: 'Walmart', exact: true }).click();
      const box = page.getByRole('checkbox', { name: 'Renew automatically: $15.99 every 1 month with this card. Turn it off any time in your account.' });
      expect(await box.isChecked()).toBe(false);
      await box.check();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await page.getByText('Demo mode: no real charge').waitFor();
      await fillDemoCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
      await confirmed.waitFor();
      await confirmed.getByRole('button', { name: 'Continue' }).click();

      await page.goto('/account');
      const block = page.getByTestId('auto-renew');
      // The account refreshes every 5 s while the paid order's jobs save the card.
      await block.getByText('Visa ending 4242, expires 12/2034').waitFor({ timeout: 30_000 });
      await block.getByText(/^Next charge: \$15\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
      const renewal = block.getByRole('switch', { name: 'Automatic renewal' });
      expect(await renewal.getAttribute('aria-checked')).toBe('true');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Off asks first, then takes effect at once.
      await renewal.click();
      const ask = page.getByRole('dialog', { name: 'Turn off automatic renewal?' });
      await ask.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Turn off' }).click();
      await expect.poll(() => renewal.getAttribute('aria-checked')).toBe('false');
      await block.getByText('Off: your card will not be charged. Renew by hand before the expiry, or turn it on.').waitFor();

      // Update card with the demo form: the decline card is refused, a test card is saved.
      await block.getByRole('button', { name: 'Update card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update card' });
      await dialog.getByText('Demo mode: no real card').waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await fillDemoCard(page, '4000 0000 0000 0002');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await dialog.getByRole('alert').getByText('Your card was declined.').waitFor();
      await fillDemoCard(page, '4000 0027 6000 3184');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await dialog.waitFor({ state: 'detached' });
      await block.getByText('Visa ending 3184, expires 12/2034').waitFor();

      await renewal.click();
      await expect.poll(() => renewal.getAttribute('aria-checked')).toBe('true');
    });

    it("offers a streaming box's renewal as the subscription alone, at the price of its period", async () => {
      const { page } = b;
      await page.goto('/');
      await page.getByRole('button', { name: 'Choose Streaming Box' }).click();
      await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL('**/checkout');
      const box = page.getByRole('checkbox', {
        name: 'Renew automatically: $69.99 every 6 months for the subscription alone (the box is yours to keep) with this card. Turn it off any time in your account.',
      });
      await box.waitFor();
      expect(await page.getByText(/Renew automatically: \$149\.99/).count()).toBe(0);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}
