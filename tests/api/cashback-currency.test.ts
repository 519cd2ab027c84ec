import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_CARD_SUCCESS } from '../../src/contract/checkout';
import { mailOutbox } from '../../src/server/schema';
import { checkoutForm, intentIdOf, seededPackages } from '../support/checkout';
import { registerCustomer } from '../support/customers';
import { useTestApp, type TestApp } from '../support/test-app';

/** Cashback is a gift card bought in US dollars, whatever the order's currency (decision 0110). */

let buyers = 0;
/** A signed-in customer's card purchase of 1 Month Premium in `currency`, paid with the demo card, its jobs run. */
async function buyIn(t: TestApp, currency: string, locale: string) {
  buyers += 1;
  const headers = { 'x-forwarded-for': `127.1.0.${buyers}` };
  const buyer = await registerCustomer(t.app);
  const { oneMonth } = await seededPackages(t.app);
  const form = checkoutForm(oneMonth.id, { email: buyer.customer.email, currency, locale });
  const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: form, cookies: buyer.cookies, headers });
  expect(placed.statusCode, placed.body).toBe(200);
  const { order, clientSecret } = placed.json<{ order: { id: string }; clientSecret: string }>();
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/demo/payment-intents/${intentIdOf(clientSecret)}/confirm`,
    payload: { cardNumber: DEMO_CARD_SUCCESS, expiry: '12/34', cvc: '123' },
    headers,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await t.services.jobs.drain();
  return { orderId: order.id, cookies: buyer.cookies };
}

async function receiptOf(t: TestApp, orderId: string) {
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  return mail!;
}

describe('cashback in US dollars', () => {
  const t = useTestApp();

  it("writes a BRL purchase's receipt in Brazilian Portuguese with the total in reais and the cashback in US dollars", async () => {
    const { orderId } = await buyIn(t, 'BRL', 'pt-BR');
    const receipt = await receiptOf(t, orderId);
    expect(receipt.text).toContain('Total: R$\u00a079,99');
    expect(receipt.text).toContain('Amazon, US$\u00a010,00');
    expect(receipt.text).not.toContain('R$\u00a010,00');
    expect(receipt.html).toContain('US$\u00a010,00');
  });

  it("keeps an English USD purchase's receipt as it was", async () => {
    const { orderId } = await buyIn(t, 'USD', 'en');
    const receipt = await receiptOf(t, orderId);
    expect(receipt.text).toContain('Total: $15.99');
    expect(receipt.text).toContain('Gift card: Amazon, $10.00 cashback, emailed to you within 1-2 hours.');
  });

  it("answers the account's orders with the order's currency and the cashback's, which is USD", async () => {
    const { orderId, cookies } = await buyIn(t, 'EUR', 'fr');
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/orders', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([expect.objectContaining({ id: orderId, totalAmount: '14.99', currency: 'EUR', cashbackAmount: '10.00', cashbackCurrency: 'USD' })]);
  });
});
