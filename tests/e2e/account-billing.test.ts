import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'billing-secret-1';

const uniqueEmail = () => `billing-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** No sideways scrolling at a phone's and a laptop's width, and no serious or critical axe violation at either. */
async function checkLayout(page: Page, what: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page), `${what} at ${viewport.width} px`).toEqual([]);
  }
}

/** A customer registered in this browser, signed in; returns their email. */
async function signUp(page: Page, firstName: string, lastName: string) {
  const email = uniqueEmail();
  const registered = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName, lastName, email, phone: '', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  return email;
}

/** A customer signed in in this browser who bought 1 Month Premium with the demo card; returns the order id. */
async function customerWithOrder(page: Page, firstName: string, lastName: string, order: Record<string, unknown> = {}) {
  const email = await signUp(page, firstName, lastName);
  const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
  const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id;
  return buyWithDemoCard(page, { firstName, lastName, email, packageId: oneMonth, deviceCount: '1', ...order });
}

/** The admin's partial refund, as the refund dialog sends it (decision 0036), from this browser's own admin session. */
async function refundPart(page: Page, orderId: string, amount: string) {
  expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
  const refunded = await page.request.post(`/api/admin/orders/${orderId}/refund`, { data: { amount, note: 'Two days without service' } });
  expect(refunded.status()).toBe(200);
}

describe("the account's billing history in a browser", () => {
  const b = useBrowser({ viewport: PHONE });

  it('lists a payment partly refunded through the admin, and prints its receipt', { timeout: 180_000 }, async () => {
    const { page } = b;
    const orderId = await customerWithOrder(page, 'Katherine', 'Johnson', { deviceCount: '2', couponCode: 'WELCOME10' });
    await refundPart(page, orderId, '5.00');

    await page.goto('/account');
    const billing = page.getByTestId('billing-history');
    const payment = billing.getByTestId('billing-payment').filter({ hasText: orderId });
    await payment.waitFor();
    expect(await payment.getByTestId('billing-status').textContent()).toBe('Partly refunded');
    const text = await payment.textContent();
    expect(text).toContain('1 Month Premium (1 Month), 2 devices');
    expect(text).toContain('$19.78');
    expect(text).toContain('Card');
    expect(await payment.getByRole('list', { name: 'Refunds' }).textContent()).toMatch(/^Refunded \$5\.00 on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await checkLayout(page, 'the account with its billing history');

    await payment.getByRole('link', { name: `Receipt for order ${orderId}` }).click();
    await page.waitForURL(`**/account/receipts/${orderId}`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Receipt');
    const printed = await receipt.textContent();
    for (const part of ['StreamPlus', orderId, 'Payment method', 'Card', '1 Month Premium (1 Month)', '1 extra device', '$5.99', 'Coupon WELCOME10', '-$2.20', 'Refunded $5.00 on']) {
      expect(printed).toContain(part);
    }
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$19.78 USD');
    await checkLayout(page, 'a receipt');

    // Print asks the browser's print dialog; on paper the navigation and the buttons are left out.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'My Account' }).isVisible()).toBe(false);
    expect(await receipt.isVisible()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ media: 'screen' });
  });

  it('shows a part-paid crypto order the store honoured as part-paid, by what arrived', { timeout: 120_000 }, async () => {
    const { page } = b;
    const email = await signUp(page, 'Dorothy', 'Vaughan');
    const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
    const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id;
    const created = await page.request.post('/api/create-crypto-payment', {
      data: { packageId: oneMonth, customerData: { firstName: 'Dorothy', lastName: 'Vaughan', email, phone: '' }, paymentCurrency: 'usdc', deviceCount: '1', couponCode: '', selectedGiftCard: 'Amazon' },
    });
    expect(created.status()).toBe(200);
    const { orderId, paymentId } = (await created.json()) as { orderId: string; paymentId: string };
    expect((await page.request.post(`/api/demo/crypto-payments/${paymentId}/simulate`, { data: { status: 'partially_paid' } })).status()).toBe(200);
    expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    expect((await page.request.post(`/api/admin/orders/${orderId}/honour`)).status()).toBe(200);

    await page.goto('/account');
    const payment = page.getByTestId('billing-history').getByTestId('billing-payment').filter({ hasText: orderId });
    await payment.waitFor();
    expect(await payment.getByTestId('billing-status').textContent()).toBe('Part-paid');
    expect(await payment.textContent()).toContain('$7.99');
    expect(await payment.textContent()).not.toContain('$15.99');
    await checkLayout(page, 'the account with a part-paid payment');

    await page.goto(`/account/receipts/${orderId}`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('$15.99 USD');
    expect(await receipt.getByTestId('receipt-paid').textContent()).toBe('$7.99 USD');
    expect(await receipt.textContent()).toContain('Part of the total arrived, and we accepted it as payment for this order.');
    await checkLayout(page, 'a part-paid receipt');
  });

  it("shows another customer's order, and one that does not exist, as a receipt not found", { timeout: 120_000 }, async () => {
    const { page, context, baseUrl } = b;
    const others = await context.browser()!.newContext({ baseURL: baseUrl });
    let theirs: string;
    try {
      theirs = await customerWithOrder(await others.newPage(), 'Mary', 'Jackson');
    } finally {
      await others.close();
    }
    await signUp(page, 'Dorothy', 'Vaughan');

    await page.goto('/account');
    const billing = page.getByTestId('billing-history');
    await billing.getByText('No payments yet. Your payments and their receipts will be listed here.').waitFor();
    expect(await billing.getByRole('link', { name: 'Choose a Package' }).getAttribute('href')).toBe('/#packages');

    for (const orderId of [theirs, 'SP-1700000000000-000001']) {
      await page.goto(`/account/receipts/${orderId}`);
      await page.getByRole('heading', { name: 'Receipt not found' }).waitFor();
      expect(await page.getByText(orderId).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);
    }
    await checkLayout(page, 'a receipt not found');
    await page.getByRole('link', { name: 'Back to My Account' }).click();
    await page.waitForURL('**/account');
  });
});
