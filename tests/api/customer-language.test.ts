import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, mailOutbox, orders } from '../../src/server/schema';
import { settableClock } from '../../src/server/lib/clock';
import { checkoutForm, postCheckout, seededPackages } from '../support/checkout';
import { cryptoForm, orderRow } from '../support/crypto';
import { registerCustomer } from '../support/customers';
import { DAY, HOUR, mailsTo, subscriber } from '../support/renewal-schedule';
import { useTestApp, type TestApp } from '../support/test-app';

/** The order's language (decision 0107): named, else the customer's saved one, else Accept-Language; its emails are written in it. */

const TRIAL = 'trial-36h';
let address = 0;
/** A trial bought at the checkout: free, so its confirmation is written at once; each from its own network (decision 0101). */
function buyTrial(t: TestApp, overrides: Record<string, unknown>, { headers = {}, cookies = {} }: { headers?: Record<string, string>; cookies?: Record<string, string> } = {}) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutForm(TRIAL, { selectedGiftCard: null, ...overrides }),
    headers,
    cookies,
    remoteAddress: `10.${address}.0.1`,
  });
}

async function confirmationOf(t: TestApp, orderId: string) {
  await t.services.jobs.drain();
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  return mail;
}

const orderLocale = async (t: TestApp, orderId: string) => (await t.database.db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)))[0]?.locale;

describe("the customer's language", () => {
  const t = useTestApp();

  it('writes the confirmation of a checkout with locale pt-BR in Brazilian Portuguese, and keeps the language', async () => {
    const response = await buyTrial(t, { locale: 'pt-BR' }, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order.id as string;
    expect(await orderLocale(t, orderId)).toBe('pt-BR');
    const mail = await confirmationOf(t, orderId);
    expect(mail?.subject).toBe(`Confirmação do pedido - ${orderId}`);
    expect(mail?.text).toContain('Olá, Grace Hopper,');
    expect(mail?.text).toContain(`Nº do pedido: ${orderId}`);
    expect(mail?.html).toContain('<html dir="ltr" lang="pt-BR">');
    expect(mail?.html).toContain('Ver sua assinatura');
    const [customer] = await t.database.db.select({ locale: customers.locale }).from(customers).where(eq(customers.email, mail!.to));
    expect(customer?.locale).toBe('pt-BR');
  });

  it('writes the confirmation in Spanish when only Accept-Language asks for it', async () => {
    const response = await buyTrial(t, {}, { headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' } });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order.id as string;
    expect(await orderLocale(t, orderId)).toBe('es');
    const mail = await confirmationOf(t, orderId);
    expect(mail?.subject).toBe(`Confirmación del pedido - ${orderId}`);
    expect(mail?.text).toContain('Hola, Grace Hopper:');
  });

  it('writes Arabic right to left', async () => {
    const response = await buyTrial(t, { locale: 'ar' });
    const orderId = response.json().order.id as string;
    const mail = await confirmationOf(t, orderId);
    expect(mail?.subject).toBe(`تأكيد الطلب - ${orderId}`);
    expect(mail?.html).toContain('<html dir="rtl" lang="ar">');
  });

  it('keeps English, exactly as before, without a locale or Accept-Language', async () => {
    const response = await buyTrial(t, {});
    const orderId = response.json().order.id as string;
    expect(await orderLocale(t, orderId)).toBe('en');
    const mail = await confirmationOf(t, orderId);
    expect(mail?.subject).toBe(`Order Confirmation - ${orderId}`);
    expect(mail?.html).toContain('<html dir="ltr" lang="en">');
  });

  it('refuses an unknown locale with a 400 naming the six, at the checkout, the sign-up and the account', async () => {
    for (const locale of ['it', 'pt', 42, '']) {
      const checkout = await postCheckout(t.app, checkoutForm('1-month', { locale }));
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({ message: 'locale must be one of en, es, pt-BR, fr, de, ar' });
    }
    const register = await t.app.inject({ method: 'POST', url: '/api/register', payload: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.it@example.com', phone: '', password: 'analytical-engine', confirmPassword: 'analytical-engine', locale: 'it' } });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({ message: 'locale must be one of en, es, pt-BR, fr, de, ar' });
    const signedIn = await registerCustomer(t.app);
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/account/locale', payload: { locale: 'klingon' }, cookies: signedIn.cookies });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual({ message: 'locale must be one of en, es, pt-BR, fr, de, ar' });
    const guest = await t.app.inject({ method: 'PATCH', url: '/api/account/locale', payload: { locale: 'fr' } });
    expect(guest.statusCode).toBe(401);
  });

  it('keeps the language of a crypto checkout, and a sign-up takes Accept-Language when it names none', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const crypto = await t.app.inject({ method: 'POST', url: '/api/create-crypto-payment', payload: cryptoForm(oneMonth.id, { locale: 'fr' }), headers: { 'accept-language': 'es' } });
    expect(crypto.statusCode, crypto.body).toBe(200);
    expect(await orderRow(t.database.db, crypto.json().orderId)).toMatchObject({ locale: 'fr' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/create-crypto-payment', payload: cryptoForm(oneMonth.id, { locale: 'xx' }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'locale must be one of en, es, pt-BR, fr, de, ar' });

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'pt-PT,pt;q=0.9' },
      payload: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.pt@example.com', phone: '', password: 'analytical-engine', confirmPassword: 'analytical-engine' },
    });
    expect(register.statusCode, register.body).toBe(201);
    const [account] = await t.database.db.select({ locale: customers.locale }).from(customers).where(eq(customers.email, 'ada.pt@example.com'));
    expect(account?.locale).toBe('pt-BR');
  });

  it("lets the signed-in customer's saved choice win over Accept-Language", async () => {
    const signedIn = await registerCustomer(t.app, { locale: 'es' });
    const [registered] = await t.database.db.select({ locale: customers.locale }).from(customers).where(eq(customers.id, signedIn.customer.id));
    expect(registered?.locale).toBe('es');
    const saved = await t.app.inject({ method: 'PATCH', url: '/api/account/locale', payload: { locale: 'fr' }, cookies: signedIn.cookies });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ locale: 'fr' });

    const response = await buyTrial(t, { email: signedIn.customer.email, firstName: 'Ada', lastName: 'Lovelace' }, { headers: { 'accept-language': 'de' }, cookies: signedIn.cookies });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order.id as string;
    expect(await orderLocale(t, orderId)).toBe('fr');
    const mail = await confirmationOf(t, orderId);
    expect(mail?.subject).toBe(`Confirmation de commande - ${orderId}`);
    expect(mail?.text).toContain('Bonjour Ada Lovelace,');
  });
});

describe("the reminders in the subscription's language", () => {
  const clock = settableClock('2026-03-02T09:00:00.000Z');
  const t = useTestApp({}, { clock });

  it("writes the renewal reminder in the language of the subscription's order", async () => {
    const customer = await subscriber(t);
    // The order was placed in German (its checkout named de, as POST /api/checkout records it).
    await t.database.db.update(orders).set({ locale: 'de' }).where(eq(orders.id, customer.subscription.orderId));
    const expiry = customer.subscription.expirationDate;
    clock.set(new Date(expiry.getTime() - 7 * DAY + HOUR));
    await t.services.renewalSchedule.runPass();

    const reminders = (await mailsTo(t, customer.customer.email)).filter((mail) => mail.dedupeKey.startsWith('renewal-7d:'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Ihr StreamPlus-Abonnement läuft in 7 Tagen ab');
    expect(reminders[0]!.text).toContain('Ihr Abonnement 1 Month Premium läuft am 2. April 2026 um 09:00 (UTC) ab.');
    expect(reminders[0]!.text).toContain('Die Verlängerung kostet heute 15,99');
    expect(reminders[0]!.html).toContain('<html dir="ltr" lang="de">');
    expect(reminders[0]!.html).toContain('Erinnerungs- und Angebots-E-Mails abbestellen');
  });
});
