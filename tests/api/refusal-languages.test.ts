import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, packagePrices } from '../../src/server/schema';
import { checkoutForm, seededPackages } from '../support/checkout';
import { newRegistration, registerCustomer } from '../support/customers';
import { useTestApp } from '../support/test-app';

/** The server's refusals in the language the page asks for with Accept-Language (decision 0113); English as the spec writes it. */
describe("refusals in the caller's language", () => {
  const t = useTestApp();
  const inLanguage = (language?: string) => (language ? { 'accept-language': language } : {});

  it("words a schema's refusal in Spanish for a Spanish page and exactly as the spec for an English one", async () => {
    const register = (language?: string) => t.app.inject({ method: 'POST', url: '/api/register', payload: newRegistration({ email: 'not-an-address' }), headers: inLanguage(language) });
    const spanish = await register('es');
    expect([spanish.statusCode, spanish.json()]).toEqual([400, { message: 'Dirección de correo electrónico no válida' }]);
    const english = await register();
    expect([english.statusCode, english.json()]).toEqual([400, { message: 'Invalid email address' }]);
    expect((await register('en-US,en;q=0.9')).json()).toEqual({ message: 'Invalid email address' });
  });

  it("words a feature's refusal in Arabic, and names a field in the caller's language", async () => {
    const buyer = await registerCustomer(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: buyer.customer.email, password: 'not-the-password' }, headers: inLanguage('ar') });
    expect([login.statusCode, login.json()]).toEqual([401, { message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' }]);

    const { oneMonth } = await seededPackages(t.app);
    const unnamed = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { firstName: '   ' }), headers: inLanguage('fr-FR,fr;q=0.9') });
    expect([unnamed.statusCode, unnamed.json()]).toEqual([400, { message: 'Prénom est obligatoire' }]);
  });

  it('keeps a package name and a currency as they are inside a translated sentence', async () => {
    const { twelveMonths } = await seededPackages(t.app);
    await t.database.db.delete(packagePrices).where(and(eq(packagePrices.packageId, twelveMonths.id), eq(packagePrices.currency, 'BRL')));
    const refused = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(twelveMonths.id, { currency: 'BRL' }), headers: inLanguage('pt-BR') });
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: '12 Months Premium não está disponível em BRL' }]);
  });

  it("gives a coupon's reason in the buyer's language in the 200 answer that says it does not apply", async () => {
    const { oneMonth } = await seededPackages(t.app);
    const quote = (language?: string) =>
      t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code: 'NO-SUCH-CODE', packageId: oneMonth.id, subtotalAmount: 15.99 }, headers: inLanguage(language) });
    expect((await quote('pt-BR')).json()).toEqual({ valid: false, error: 'Este código de cupom não é válido' });
    expect((await quote()).json()).toEqual({ valid: false, error: 'This coupon code is not valid' });
  });

  it("says a coupon's minimum order in the coupon's currency, as the caller writes amounts", async () => {
    const { oneMonth } = await seededPackages(t.app);
    await t.database.db.insert(coupons).values({ code: 'EURO30', description: '5 € off 30 €', type: 'fixed', value: '5.00', minOrderAmount: '30.00', currency: 'EUR' });
    const quote = (code: string, currency: string, language?: string) =>
      t.app.inject({ method: 'POST', url: '/api/validate-coupon', payload: { code, packageId: oneMonth.id, subtotalAmount: 0, deviceCount: 1, currency }, headers: inLanguage(language) });
    expect((await quote('EURO30', 'EUR')).json()).toEqual({ valid: false, error: 'This coupon requires an order of at least €30.00' });
    expect((await quote('EURO30', 'EUR', 'pt-BR')).json()).toEqual({ valid: false, error: 'Este cupom exige um pedido de pelo menos €\u00a030,00' });
    expect((await quote('EURO30', 'EUR', 'ar')).json()).toEqual({ valid: false, error: 'تتطلب هذه القسيمة طلبًا بقيمة \u2066\u200f30.00\u00a0€\u2069 على الأقل' });
    expect((await quote('SAVE5', 'USD')).json()).toEqual({ valid: false, error: 'This coupon requires an order of at least $30.00' });
    expect((await quote('SAVE5', 'USD', 'fr')).json()).toEqual({ valid: false, error: "Ce code promo nécessite une commande d'au moins 30,00\u00a0$US" });
    const order = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: checkoutForm(oneMonth.id, { currency: 'EUR', couponCode: 'EURO30' }), headers: inLanguage('de') });
    expect([order.statusCode, order.json()]).toEqual([400, { message: 'Dieser Gutschein erfordert einen Bestellwert von mindestens 30,00\u00a0€' }]);
  });

  it("words a support ticket's refusals in the caller's language, English as before", async () => {
    const ticket = { category: 'billing', subject: 'Where is my refund?', message: 'Hello, I am still waiting.' };
    const write = (payload: object, language?: string) => t.app.inject({ method: 'POST', url: '/api/support/tickets', payload, headers: inLanguage(language) });
    expect((await write(ticket, 'es')).json()).toEqual({ message: 'Para escribir sin iniciar sesión se necesitan el correo electrónico y el ID del pedido' });
    expect((await write(ticket)).json()).toEqual({ message: 'Email and order ID are required to write without signing in' });
    const short = await write({ ...ticket, subject: 'Hi' }, 'de');
    expect([short.statusCode, short.json()]).toEqual([400, { message: 'Betreff muss mindestens 3 Zeichen lang sein' }]);
    const missing = await t.app.inject({ method: 'GET', url: '/api/crypto-invoices/np_test_nothing', headers: inLanguage('fr') });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Facture de renouvellement introuvable' }]);
  });
});
