import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** From the landing page, chooses 1 Month Premium and proceeds to /checkout. */
export async function checkoutOneMonth(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/checkout');
}

/** Types a coupon code (in lower case: the box upper-cases it) and applies it. */
export async function applyCoupon(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
}

export interface GuestBuyer {
  firstName: string;
  lastName: string;
  email: string;
  giftCard: string;
}

/**
 * On /checkout: fills the buyer's details, pays with the demo card through the named Pay
 * button and lands on the password setup page; returns the order id its address carries.
 */
export async function payAsGuest(page: Page, buyer: GuestBuyer, payButton: string | RegExp = /^Pay \$/): Promise<string> {
  await page.getByLabel('First Name').fill(buyer.firstName);
  await page.getByLabel('Last Name').fill(buyer.lastName);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Gift Card', { exact: true }).click();
  await page.getByRole('option', { name: buyer.giftCard, exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: payButton }).click();
  await page.waitForURL('**/password-setup?**');
  return new URL(page.url()).searchParams.get('orderId')!;
}

/**
 * A guest (Mary Jackson) buys 1 Month Premium with the demo card and lands on the password
 * setup page; returns the order id that page's address carries.
 */
export async function buyAsGuest(page: Page, email: string): Promise<string> {
  await checkoutOneMonth(page);
  return payAsGuest(page, { firstName: 'Mary', lastName: 'Jackson', email, giftCard: 'Chewy' });
}

/** Pays an order with the demo card through the API, as the checkout page would. */
export async function buyWithDemoCard(page: Page, order: Record<string, unknown>): Promise<string> {
  const placed = await page.request.post('/api/checkout', { data: { phone: '', paymentMethod: 'card', couponCode: '', selectedGiftCard: 'Amazon', ...order } });
  expect(placed.status()).toBe(200);
  const { clientSecret, order: created } = (await placed.json()) as { clientSecret: string; order: { id: string } };
  const paid = await page.request.post(`/api/demo/payment-intents/${clientSecret.split('_secret_')[0]}/confirm`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status()).toBe(200);
  return created.id;
}
