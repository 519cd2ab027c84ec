import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';

/** A renewal by hand at checkout (decision 0076): what it says, the saved card in one tap, and what a reload keeps. */

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

interface Listed {
  id: string;
  expirationDate: string;
  autoRenew: boolean;
  savedCard: { last4: string } | null;
}

const subscriptionsOf = async (page: Page) => (await (await page.request.get('/api/subscriptions')).json()) as Listed[];

/** A signed-in customer whose subscription renews automatically with the demo card 4242, bought through the API as the page would. */
async function autoRenewingCustomer(page: Page, label: string): Promise<Listed> {
  await page.goto('/');
  const email = uniqueEmail(label);
  const signUp = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName: 'Mary', lastName: 'Jackson', email, password: 'secret-pass', confirmPassword: 'secret-pass' },
  });
  expect(signUp.status()).toBe(201);
  const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string; price: string }>;
  const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.price !== '0.00')!;
  const placed = await page.request.post('/api/checkout', {
    data: { firstName: 'Mary', lastName: 'Jackson', email, phone: '', packageId: oneMonth.id, paymentMethod: 'card', deviceCount: '1', selectedGiftCard: 'Amazon', autoRenew: true },
  });
  expect(placed.status()).toBe(200);
  const { clientSecret } = (await placed.json()) as { clientSecret: string };
  const paid = await page.request.post(`/api/demo/payment-intents/${clientSecret.split('_secret_')[0]}/confirm`, { data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } });
  expect(paid.status()).toBe(200);
  await expect.poll(async () => (await subscriptionsOf(page))[0]?.savedCard?.last4 ?? null, { timeout: 30_000 }).toBe('4242');
  return (await subscriptionsOf(page))[0]!;
}

/** Account -> Renew -> the dialog's gift card -> checkout. */
async function renewFromAccount(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByTestId('subscription-card').getByRole('button', { name: 'Renew' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew Subscription' });
  await dialog.getByLabel('Gift Card', { exact: true }).click();
  await page.getByRole('option', { name: 'Target', exact: true }).click();
  await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL('**/checkout');
}

const renewingLine = (subscription: Listed) => `Renewing 1 Month Premium (ends ${format(new Date(subscription.expirationDate), 'MMMM d, yyyy')})`;

for (const width of [390, 1280]) {
  describe(`renewing by hand at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('says what it renews, keeps automatic renewal on, pays with the saved card in one tap and says the new expiry', async () => {
      const { page } = b;
      const before = await autoRenewingCustomer(page, `tap-${width}`);
      await renewFromAccount(page);

      await page.getByTestId('renewing').getByText(renewingLine(before), { exact: true }).waitFor();
      const box = page.getByRole('checkbox', { name: /^Renew automatically/ });
      await expect.poll(() => box.isChecked()).toBe(true);
      const tap = page.getByRole('button', { name: 'Pay with card ending 4242' });
      await tap.waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await tap.click();
      const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
      await confirmed.waitFor();
      const [after] = await subscriptionsOf(page);
      expect(new Date(after!.expirationDate).getTime()).toBeGreaterThan(new Date(before.expirationDate).getTime() + 27 * 24 * 3_600_000);
      expect(after!.autoRenew).toBe(true);
      const extended = `Your subscription is extended to ${format(new Date(after!.expirationDate), 'MMMM d, yyyy')}.`;
      await confirmed.getByText(extended, { exact: false }).waitFor();
      expect(await confirmed.textContent()).not.toContain('within 24 hours');
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
}

describe('reloading a renewal checkout', () => {
  const b = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('keeps the devices, the gift card and the order already placed, which is not placed twice', async () => {
    const { page } = b;
    const before = await autoRenewingCustomer(page, 'reload');
    await renewFromAccount(page);
    await page.getByTestId('renewing').waitFor();
    await page.getByLabel('Number of Devices', { exact: true }).click();
    await page.getByRole('option', { name: '3 devices (+$11.98)', exact: true }).click();
    await page.getByLabel('Gift Card', { exact: true }).click();
    await page.getByRole('option', { name: 'Lyft', exact: true }).click();

    await page.reload();
    await page.getByTestId('renewing').getByText(renewingLine(before), { exact: true }).waitFor();
    expect(await page.getByLabel('Number of Devices', { exact: true }).textContent()).toContain('3 devices (+$11.98)');
    expect(await page.getByLabel('Gift Card', { exact: true }).textContent()).toContain('Lyft');

    // The order is placed ("Enter another card"), then the page is reloaded: the same order comes back.
    const placedIds: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/checkout') && response.request().method() === 'POST') {
        void response.json().then((body: { order?: { id: string } }) => body.order && placedIds.push(body.order.id));
      }
    });
    await page.getByRole('button', { name: 'Enter another card' }).click();
    await page.getByText('Demo mode: no real charge').waitFor();
    await page.reload();
    await page.getByText('Demo mode: no real charge').waitFor();
    expect(await page.getByLabel('Number of Devices', { exact: true }).textContent()).toContain('3 devices (+$11.98)');
    expect(await page.getByLabel('Gift Card', { exact: true }).textContent()).toContain('Lyft');
    // 1 Month Premium $15.99 and two more devices at $5.99.
    expect(await page.getByTestId('summary-total').textContent()).toBe('$27.97');
    await expect.poll(() => placedIds.length).toBeGreaterThanOrEqual(2);
    expect(new Set(placedIds).size).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
