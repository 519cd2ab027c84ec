import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoRenewalInvoices, orders } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { signIpnBody } from '../../src/server/providers/crypto/index';
import { createNowPayments } from '../../src/server/providers/crypto/nowpayments';
import { startNowPaymentsStandIn } from '../support/nowpayments-stand-in';
import { DAY, mailsTo, subscriber, subscriptionRow } from '../support/renewal-schedule';
import { useTestApp, type TestApp } from '../support/test-app';

const START = '2026-03-02T09:00:00.000Z';
const THREE_DAYS = 'Your StreamPlus subscription expires in 3 days';

async function renewalOrdersOf(t: TestApp, subscriptionId: string) {
  return t.database.db.select().from(orders).where(eq(orders.renewsSubscriptionId, subscriptionId));
}

describe('crypto renewal invoices with the demo provider', () => {
  const clock = settableClock(START);
  const t = useTestApp({}, { clock });

  it('opens one invoice per period however often and however many at once, links it from the 3-day email, and paying it renews', async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto', devices: 2 });
    const id = customer.subscription.id;
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await Promise.all([t.services.renewalSchedule.runPass(), t.services.renewalSchedule.runPass()]);
    await t.services.renewalSchedule.runPass();

    const [renewal, ...more] = await renewalOrdersOf(t, id);
    expect(more).toEqual([]);
    // Same package and devices at today's price: $15.99 and $5.99 for the second device.
    expect(renewal).toMatchObject({ paymentMethod: 'crypto', paymentStatus: 'pending', packageId: customer.subscription.packageId, deviceCount: '2', totalAmount: '21.98' });
    const invoices = await t.database.db.select().from(cryptoRenewalInvoices);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ subscriptionId: id, orderId: renewal!.id, invoiceUrl: `http://localhost:5000/checkout?invoice=${renewal!.cryptoPaymentId}` });

    const reminders = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === THREE_DAYS);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.html).toContain(`href="${invoices[0]!.invoiceUrl}"`);
    expect(reminders[0]!.text).toContain(`Renew now: ${invoices[0]!.invoiceUrl}`);

    // The invoice's page names the package, the amount in dollars and the expiry paying it gives (decision 0075).
    const invoicePage = () => t.app.inject({ method: 'GET', url: `/api/crypto-invoices/${renewal!.cryptoPaymentId}` });
    const opened = await invoicePage();
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      paymentId: renewal!.cryptoPaymentId,
      payAmount: '21.98',
      payCurrency: 'usdc',
      orderId: renewal!.id,
      renewal: { packageName: '1 Month Premium', amount: '21.98', currency: 'USD', renewsUntil: '2026-05-02T09:00:00.000Z', timeZone: 'UTC' },
    });

    const paid = await t.app.inject({ method: 'POST', url: `/api/demo/crypto-payments/${renewal!.cryptoPaymentId}/simulate`, payload: { status: 'finished' } });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.services.jobs.drain();
    expect((await subscriptionRow(t, id)).expirationDate.toISOString()).toBe('2026-05-02T09:00:00.000Z');
    // Once paid, the expiry it gave, not one more period.
    expect((await invoicePage()).json().renewal).toEqual({ packageName: '1 Month Premium', amount: '21.98', currency: 'USD', renewsUntil: '2026-05-02T09:00:00.000Z', timeZone: 'UTC' });
    // The first purchase's payment is no invoice.
    const notInvoice = await t.app.inject({ method: 'GET', url: `/api/crypto-invoices/np_test_${customer.order.id}` });
    expect({ status: notInvoice.statusCode, body: notInvoice.json() }).toEqual({ status: 404, body: { message: 'Renewal invoice not found' } });
    // The 1-day reminder of the old period is not sent: the subscription runs to its new expiry.
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 20 * 3_600_000));
    expect((await t.services.renewalSchedule.runPass()).emails).toBe(0);
  });

  it("gives the invoice's page the amount in the currency last paid in", async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto', currency: 'BRL', totalAmount: '79.99' });
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    const [renewal] = await renewalOrdersOf(t, customer.subscription.id);
    const page = await t.app.inject({ method: 'GET', url: `/api/crypto-invoices/${renewal!.cryptoPaymentId}` });
    expect(page.json().renewal).toMatchObject({ amount: '79.99', currency: 'BRL' });
  });

  it('opens no invoice for a subscription paid by card', async () => {
    clock.set(START);
    const customer = await subscriber(t);
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();
    expect(await renewalOrdersOf(t, customer.subscription.id)).toEqual([]);
    const [reminder] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === THREE_DAYS);
    expect(reminder!.html).toContain('href="http://localhost:5000/account"');
  });
});

const API_KEY = 'np-test-key-7Q2M9XK';
const IPN_SECRET = 'np-test-ipn-secret';
const standIn = await startNowPaymentsStandIn({ apiKey: API_KEY });
afterAll(() => standIn.close());

describe('crypto renewal invoices with NOWPayments', () => {
  const clock = settableClock(START);
  const t = useTestApp(
    { NOWPAYMENTS_API_KEY: API_KEY, NOWPAYMENTS_IPN_SECRET: IPN_SECRET, NOWPAYMENTS_API_URL: standIn.url },
    { clock, providers: () => ({ crypto: createNowPayments({ apiUrl: standIn.url, apiKey: API_KEY, ipnSecret: IPN_SECRET, timeoutMs: 1_500 }) }) },
  );
  beforeEach(() => standIn.reset());

  it('opens a NOWPayments invoice once, waits out an outage, and the IPN of its payment renews the subscription', async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto' });
    const id = customer.subscription.id;
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));

    // NOWPayments down: no invoice and no 3-day email yet; the next pass opens it.
    standIn.goDown('error');
    await expect(t.services.renewalSchedule.runPass()).rejects.toThrow();
    expect((await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === THREE_DAYS)).toEqual([]);
    standIn.recover();
    await t.services.renewalSchedule.runPass();
    await t.services.renewalSchedule.runPass();

    const [renewal, ...more] = await renewalOrdersOf(t, id);
    expect(more).toEqual([]);
    const [invoice, ...otherInvoices] = standIn.invoices();
    expect(otherInvoices).toEqual([]);
    expect(invoice).toMatchObject({ order_id: renewal!.id, price_amount: 15.99, price_currency: 'usd', pay_currency: 'usdc', ipn_callback_url: 'http://localhost:5000/api/crypto/ipn' });
    // The invoice and its email name the package, the amount in dollars and the new expiry (decision 0075).
    expect(invoice!.order_description).toBe(`1 Month Premium renewal, 1 device: $15.99, runs until May 2, 2026 (order ${renewal!.id})`);
    const [reminder] = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.subject === THREE_DAYS);
    expect(reminder!.html).toContain(`href="${invoice!.invoice_url}"`);
    expect(reminder!.text).toContain('Your renewal invoice is ready: 1 Month Premium, $15.99, paid in cryptocurrency. Once it is paid your subscription runs until May 2, 2026, with the same credentials.');

    const payment = standIn.payInvoice(invoice!.id);
    const body = {
      payment_id: payment.payment_id,
      invoice_id: payment.invoice_id,
      payment_status: 'finished',
      pay_address: payment.pay_address,
      price_amount: payment.price_amount,
      price_currency: 'usd',
      pay_amount: payment.pay_amount,
      actually_paid: payment.actually_paid,
      pay_currency: 'usdc',
      order_id: payment.order_id,
      order_description: payment.order_description,
    };
    const ipn = await t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: body, headers: { 'x-nowpayments-sig': signIpnBody(body, IPN_SECRET) } });
    expect(ipn.statusCode, ipn.body).toBe(200);
    await t.services.jobs.drain();
    expect((await renewalOrdersOf(t, id))[0]).toMatchObject({ paymentStatus: 'completed', cryptoPaymentId: String(payment.payment_id) });
    expect((await subscriptionRow(t, id)).expirationDate.toISOString()).toBe('2026-05-02T09:00:00.000Z');
  });

  it("writes the invoice of a subscription last paid in euros in euros, in the customer's French", async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto', currency: 'EUR', totalAmount: '20.48', devices: 2 });
    await t.database.db.update(orders).set({ locale: 'fr' }).where(eq(orders.id, customer.order.id));
    clock.set(new Date(customer.subscription.expirationDate.getTime() - 2 * DAY));
    await t.services.renewalSchedule.runPass();

    const [renewal] = await renewalOrdersOf(t, customer.subscription.id);
    const [invoice] = standIn.invoices();
    // The EUR list's 14.99 and the EUR fee of 5.49 for the second device (decision 0104).
    expect(invoice!.order_description).toBe(`Renouvellement de 1 Month Premium, 2 appareils : 20,48\u00a0€, valable jusqu’au 2 mai 2026 (commande ${renewal!.id})`);
  });

  it('ignores a signed notice naming an order no invoice was opened for', async () => {
    clock.set(START);
    const customer = await subscriber(t, { paymentMethod: 'crypto' });
    const body = {
      payment_id: 123456,
      payment_status: 'finished',
      pay_address: '0xabc',
      price_amount: 27.97,
      pay_amount: 27.97,
      actually_paid: 27.97,
      pay_currency: 'usdc',
      order_id: customer.order.id,
    };
    const ipn = await t.app.inject({ method: 'POST', url: '/api/crypto/ipn', payload: body, headers: { 'x-nowpayments-sig': signIpnBody(body, IPN_SECRET) } });
    expect(ipn.statusCode).toBe(200);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, customer.order.id)))[0]!.cryptoPaymentId).toBe(`np_test_${customer.order.id}`);
  });
});
