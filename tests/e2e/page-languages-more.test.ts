import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';

/**
 * The rest of checkout and the small pages in six languages (decision 0106), in the built
 * store: the streaming box's shipping and set-top box fields in Brazilian Portuguese and in
 * Arabic (right to left), the support, status and 404 pages in both, each at a phone's and a
 * laptop's width, within the screen and accessible; and a demo card purchase in Portuguese
 * that ends on its confirmation in Portuguese.
 */

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The words each language's pages are checked by. */
const WORDS = {
  'pt-BR': {
    dir: 'ltr',
    proceed: 'Ir para o pagamento',
    customer: 'Dados do cliente',
    shipping: 'Dados de entrega',
    street: 'Endereço',
    city: 'Cidade',
    country: 'País',
    canada: 'Canadá',
    boxes: 'Receptores',
    addBox: 'Um receptor MAG / Enigma2',
    support: 'Falar com o suporte',
    supportSubject: 'Assunto',
    supportSend: 'Enviar solicitação',
    status: 'Status do serviço',
    incidents: 'Incidentes',
    notFound: '404 Página não encontrada',
    back: 'Voltar à loja',
  },
  ar: {
    dir: 'rtl',
    proceed: 'المتابعة إلى الدفع',
    customer: 'بيانات العميل',
    shipping: 'بيانات الشحن',
    street: 'عنوان الشارع',
    city: 'المدينة',
    country: 'الدولة',
    canada: 'كندا',
    boxes: 'أجهزة الاستقبال',
    addBox: 'جهاز استقبال MAG / Enigma2',
    support: 'التواصل مع الدعم',
    supportSubject: 'الموضوع',
    supportSend: 'إرسال الطلب',
    status: 'حالة الخدمة',
    incidents: 'الأعطال',
    notFound: '404 الصفحة غير موجودة',
    back: 'العودة إلى المتجر',
  },
} as const;
type Language = keyof typeof WORDS;

const documentLanguage = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

/** A package in the cart, chosen on the landing page in the language (the package's name is the owner's, in every language). */
async function checkoutWith(page: Page, language: Language, packageName: string): Promise<void> {
  await page.goto(`/${language}`);
  const choose = page.locator('#packages').getByRole('button', { name: new RegExp(packageName) });
  await choose.click();
  await page.getByRole('button', { name: WORDS[language].proceed }).click();
  await page.waitForURL(`**/${language}/checkout`);
  await page.getByRole('heading', { name: WORDS[language].customer }).waitFor();
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('checkout and the small pages in Portuguese and Arabic', () => {
  const b = useBrowser();

  for (const language of ['pt-BR', 'ar'] as const) {
    const words = WORDS[language];
    for (const width of [390, 1280]) {
      it(`shows the streaming box's shipping and set-top boxes in ${language} at ${width} px`, async () => {
        await atWidth(b, b.baseUrl, width, async (page) => {
          await checkoutWith(page, language, 'Streaming Box');
          expect(await documentLanguage(page)).toEqual([language, words.dir]);
          await page.getByRole('heading', { name: words.shipping }).waitFor();
          await page.getByLabel(words.street, { exact: true }).fill('1 Main Street');
          await page.getByLabel(words.city, { exact: true }).fill('Toronto');
          // The countries are named in the page's language.
          expect(await page.getByLabel(words.country, { exact: true }).textContent()).not.toContain('United States');
          await pick(page, words.country, words.canada);
          const boxes = page.getByRole('group', { name: words.boxes });
          await boxes.getByRole('button', { name: words.addBox }).waitFor();
          await expectFitsAndAccessible(page);
        });
      });

      it(`shows the support, status and 404 pages in ${language} at ${width} px`, async () => {
        await atWidth(b, b.baseUrl, width, async (page) => {
          await page.goto(`/${language}/support`);
          expect(await documentLanguage(page)).toEqual([language, words.dir]);
          await page.getByRole('heading', { level: 1, name: words.support }).waitFor();
          await page.getByLabel(words.supportSubject, { exact: true }).waitFor();
          await page.getByRole('button', { name: words.supportSend }).waitFor();
          await expectFitsAndAccessible(page);

          await page.goto(`/${language}/status`);
          expect(await documentLanguage(page)).toEqual([language, words.dir]);
          await page.getByRole('heading', { level: 1, name: words.status }).waitFor();
          await page.getByRole('heading', { name: words.incidents }).waitFor();
          await expectFitsAndAccessible(page);

          const response = await page.goto(`/${language}/no-such-page`);
          expect(response?.status()).toBe(404);
          expect(await documentLanguage(page)).toEqual([language, words.dir]);
          await page.getByRole('heading', { level: 1, name: words.notFound }).waitFor();
          expect(await page.getByRole('link', { name: words.back }).getAttribute('href')).toMatch(new RegExp(`^/${language}/?$`));
          await expectFitsAndAccessible(page);
        });
      });
    }
  }

  it('completes a demo card purchase in Portuguese and confirms it in Portuguese', async () => {
    const { page } = b;
    const email = uniqueEmail('pt-card-buyer');
    await page.goto('/pt-BR');
    const registered = await page.request.post('/api/register', {
      data: { signupType: 'account', firstName: 'Clarice', lastName: 'Lispector', email, password: 'secret-pass', confirmPassword: 'secret-pass' },
    });
    expect(registered.status()).toBe(201);
    await checkoutWith(page, 'pt-BR', '1 Month Premium');
    await expect.poll(() => page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(email);
    await pick(page, 'Vale-presente', 'Amazon');
    expect(await page.getByTestId('policy-agreement').textContent()).toBe('Ao pagar, você aceita os Termos (abre em uma nova aba) e a Política de reembolso (abre em uma nova aba).');
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();

    const card = page.getByRole('form', { name: 'Dados do cartão' });
    await card.getByText('Modo demonstração: nenhuma cobrança real').waitFor();
    expect(await card.getByText('é recusado').count()).toBe(1);
    await card.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
    await card.getByLabel('Validade').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: /^Pagar / }).click();

    const confirmed = page.getByRole('dialog', { name: 'Pedido confirmado' });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('Obrigado pela compra! Sua assinatura é ativada em até 24 horas e seu vale-presente chega por e-mail em 1-2 horas.');
    expect(await confirmed.textContent()).toContain('Veja seu e-mail: a confirmação do pedido está lá.');
    await confirmed.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL((url) => /^\/pt-BR\/?$/.test(url.pathname));
    const orders = await (await page.request.get('/api/customer/orders')).json();
    expect(orders[0]).toMatchObject({ paymentStatus: 'completed', selectedGiftCard: 'Amazon' });
  });
});
