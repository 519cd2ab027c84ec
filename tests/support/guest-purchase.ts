import type { Page } from 'playwright-core';

/**
 * A guest (Mary Jackson) buys 1 Month Premium with the demo card and lands on the password
 * setup page; returns the order id that page's address carries.
 */
export async function buyAsGuest(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/checkout');
  await page.getByLabel('First Name').fill('Mary');
  await page.getByLabel('Last Name').fill('Jackson');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Gift Card', { exact: true }).click();
  await page.getByRole('option', { name: 'Chewy', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL('**/password-setup?**');
  return new URL(page.url()).searchParams.get('orderId')!;
}
