import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';
import { expectFitsAndAccessible } from '../support/page-at-width';
import { pictureWhenAsked } from '../support/pictures';

/**
 * The account's billing history for a payment in euros (decision 0104), in Brazilian Portuguese
 * and in Arabic right to left: each amount in its currency, the words of the billing area,
 * within a phone's and a laptop's width, and accessible.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'money-secret-1';

/** A customer registered and signed in in this browser who bought 1 Month Premium with 2 devices in EUR; returns the order id. */
async function customerPaidInEuros(page: Page, locale: string): Promise<string> {
  const email = `money-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName: 'Dorothy', lastName: 'Vaughan', email, phone: '', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
  const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id;
  return buyWithDemoCard(page, { firstName: 'Dorothy', lastName: 'Vaughan', email, packageId: oneMonth, deviceCount: '2', currency: 'EUR', locale });
}

async function paymentOnAccount(page: Page, locale: string, orderId: string) {
  await page.goto(`/${locale}/account`);
  const payment = page.getByTestId('billing-history').getByTestId('billing-payment').filter({ hasText: orderId });
  await payment.waitFor();
  return payment;
}

async function fitsAtBothWidths(page: Page, name: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    await expectFitsAndAccessible(page);
    await pictureWhenAsked(page, `${name}-${viewport.width}`, { fullPage: true });
  }
}

describe("the account's money in the customer's language", () => {
  const b = useBrowser({ viewport: PHONE });

  it('lists a EUR payment in euros in Brazilian Portuguese', { timeout: 120_000 }, async () => {
    const { page } = b;
    const orderId = await customerPaidInEuros(page, 'pt-BR');
    const payment = await paymentOnAccount(page, 'pt-BR', orderId);
    expect(await page.getByRole('heading', { name: 'Pagamentos' }).count()).toBe(1);
    expect(await payment.getByTestId('billing-status').textContent()).toBe('Pago');
    const text = await payment.textContent();
    expect(text).toContain('1 Month Premium (1 Month), 2 dispositivos');
    expect(text).toContain('€\u00a020,48');
    expect(text).toContain('Cartão');
    expect(text).not.toContain('$');
    await fitsAtBothWidths(page, 'pt-BR-account');

    await payment.getByRole('link', { name: `Recibo do pedido ${orderId}` }).click();
    await page.waitForURL(`**/pt-BR/account/receipts/${orderId}`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('receipt-total').textContent()).toBe('€\u00a020,48 EUR');
    const printed = await receipt.textContent();
    for (const part of ['1 Month Premium (1 Month)', '€\u00a014,99', '1 dispositivo extra', '€\u00a05,49']) expect(printed).toContain(part);
    await fitsAtBothWidths(page, 'pt-BR-receipt');
  });

  it('lists a EUR payment in euros in Arabic, right to left, the package name kept whole', { timeout: 120_000 }, async () => {
    const { page } = b;
    await page.setViewportSize(PHONE);
    const orderId = await customerPaidInEuros(page, 'ar');
    const payment = await paymentOnAccount(page, 'ar', orderId);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { name: 'الفواتير' }).count()).toBe(1);
    expect(await payment.getByTestId('billing-status').textContent()).toBe('مدفوع');
    expect(await payment.locator('bdi').textContent()).toBe('1 Month Premium (1 Month)');
    const text = await payment.textContent();
    expect(text).toContain('€');
    expect(text).not.toContain('$');
    await fitsAtBothWidths(page, 'ar-account');

    await payment.getByRole('link', { name: `إيصال الطلب ${orderId}` }).click();
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('الإيصال');
    await fitsAtBothWidths(page, 'ar-receipt');
  });
});
