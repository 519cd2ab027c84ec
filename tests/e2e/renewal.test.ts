import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function pick(scope: Page, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await scope.getByRole('option', { name: option, exact: true }).click();
}

async function payWithDemoCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByText('Demo mode: no real charge').waitFor();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
  await confirmed.waitFor();
  await confirmed.getByRole('button', { name: 'Continue' }).click();
}

/** The expiry of the only subscription, once its credentials are on the page (it refreshes every 5 s). */
async function subscriptionExpiry(page: Page): Promise<Date> {
  await page.goto('/account');
  const card = page.getByTestId('subscription-card');
  await card.getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
  const { expirationDate } = (await (await page.request.get('/api/subscriptions')).json())[0] as { expirationDate: string };
  expect(await card.getByTestId('expiry-date').textContent()).toBeTruthy();
  return new Date(expirationDate);
}

describe('buying and renewing as a signed-in customer', () => {
  const b = useBrowser();

  it('buys with the demo card, sees the subscription with credentials, renews it and sees the later expiry', async () => {
    const { page } = b;
    const email = uniqueEmail('renewer');
    await page.goto('/');
    const signUp = await page.request.post('/api/register', {
      data: { signupType: 'account', firstName: 'Katherine', lastName: 'Johnson', email, password: 'secret-pass', confirmPassword: 'secret-pass' },
    });
    expect(signUp.status()).toBe(201);

    await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await pick(page, 'Gift Card', 'Walmart');
    await payWithDemoCard(page);

    const firstExpiry = await subscriptionExpiry(page);
    const card = page.getByTestId('subscription-card');
    expect(await card.textContent()).toContain('1 Month Premium');
    // The first value of a device is its username (its live status beside it changes on its own).
    const username = await card.getByTestId('device-credential').first().locator('dd').first().textContent();
    const firstShownExpiry = await card.getByTestId('expiry-date').textContent();

    await card.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew Subscription' });
    await dialog.waitFor();
    await dialog.getByLabel('Gift Card', { exact: true }).click();
    await page.getByRole('option', { name: 'Target', exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.locator('[data-variant]').getByText('Renewal Initiated', { exact: true }).waitFor();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Customer Information' }).waitFor();
    await payWithDemoCard(page);

    // Renewing adds a month to the same subscription and keeps its credentials.
    await expect
      .poll(async () => ((await (await page.request.get('/api/subscriptions')).json()) as Array<{ expirationDate: string }>)[0]!.expirationDate, { timeout: 30_000 })
      .not.toBe(firstExpiry.toISOString());
    const renewedExpiry = await subscriptionExpiry(page);
    expect(renewedExpiry.getTime()).toBeGreaterThan(firstExpiry.getTime() + 27 * 24 * 60 * 60 * 1000);
    await expect.poll(() => page.getByTestId('expiry-date').textContent(), { timeout: 10_000 }).not.toBe(firstShownExpiry);
    expect(await page.getByTestId('subscription-card').count()).toBe(1);
    expect(await page.getByTestId('device-credential').first().locator('dd').first().textContent()).toBe(username);
  });
});
