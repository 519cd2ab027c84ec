import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../src/server/schema';
import { adminSignIn } from '../support/admin';
import { useBrowser, type BrowserSession } from '../support/browser';
import { seededPackages } from '../support/checkout';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The buyer's currency in the built store (decision 0108): a Brazilian browser sees reais on
 * /pt-BR, the picker moves the page to euros and the choice survives a reload, purchases in
 * euros and reais are charged, stored and receipted in their currency, a currency the owner
 * turned off falls back to dollars, and Arabic shows its prices left to right. A store of its
 * own, so that the orders and the turned-off currency are this test's alone.
 */

/** Intl writes a no-break space between "R$" and the amount: compared as a plain space. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const textOf = async (locator: Locator) => plain(await locator.textContent());

let buyers = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++buyers}@example.com`;

/** A page in a browser whose language is `locale`, at `width` px, on the test's store. */
const inBrowser = (b: BrowserSession, baseURL: string, locale: string, width: number, run: (page: Page) => Promise<void>) => atWidth(b, baseURL, width, run, { locale });

/** The picker in the header from 1024 px, in the menu's sheet on a phone. */
async function chooseCurrency(page: Page, width: number, currency: string, names: { picker: string; menu: string }): Promise<void> {
  if (width >= 1024) {
    await page.getByRole('combobox', { name: names.picker }).selectOption(currency);
    return;
  }
  await page.getByRole('button', { name: names.menu, exact: true }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: names.picker }).selectOption(currency);
  await page.keyboard.press('Escape');
}

describe("the buyer's currency in the browser", () => {
  const b = useBrowser();
  const holder = useStoreWithClock(new Date().toISOString());
  const portuguese = { picker: 'Moeda', menu: 'Menu' };

  const card = async (page: Page) => page.getByTestId(`package-${(await seededPackages(holder.store.t.app)).oneMonth.id}`);

  for (const width of [390, 1280]) {
    it(`shows reais on /pt-BR to a Brazilian browser, moves to euros with the picker and keeps them after a reload, at ${width} px`, async () => {
      await inBrowser(b, holder.store.baseUrl, 'pt-BR', width, async (page) => {
        await page.goto('/pt-BR');
        const oneMonth = await card(page);
        await expect.poll(() => textOf(oneMonth)).toContain('R$ 79,99');
        // Cashback stays a gift card in dollars, and says so.
        expect(await textOf(oneMonth)).toContain('US$ 10,00');
        await expectFitsAndAccessible(page);

        await chooseCurrency(page, width, 'EUR', portuguese);
        await expect.poll(() => textOf(oneMonth)).toContain('€ 14,99');
        expect(await textOf(oneMonth)).not.toContain('R$');
        await page.reload();
        await expect.poll(() => textOf(oneMonth)).toContain('€ 14,99');
        expect(await page.evaluate(() => localStorage.getItem('buyer-currency'))).toContain('"chosen":"EUR"');
        await expectFitsAndAccessible(page);
      });
    });
  }

  for (const { currency, price, fee } of [
    { currency: 'EUR', price: '€ 14,99', fee: '€ 5,49' },
    { currency: 'BRL', price: 'R$ 79,99', fee: 'R$ 29,99' },
  ]) {
    it(`buys 1 Month Premium in ${currency} with the demo card, stored and receipted in ${currency} in Portuguese`, async () => {
      const email = uniqueEmail(currency.toLowerCase());
      let orderId = '';
      await inBrowser(b, holder.store.baseUrl, 'pt-BR', 1280, async (page) => {
        await page.goto('/pt-BR');
        const oneMonth = await card(page);
        await expect.poll(() => textOf(oneMonth)).toContain('R$ 79,99');
        if (currency !== 'BRL') {
          await chooseCurrency(page, 1280, currency, portuguese);
          await expect.poll(() => textOf(oneMonth)).toContain(price);
        }
        await oneMonth.getByRole('button').click();
        const cart = page.getByRole('dialog');
        expect(await textOf(cart.getByTestId('cart-total'))).toBe(price);
        await cart.getByRole('button', { name: 'Ir para o pagamento' }).click();
        await page.waitForURL('**/pt-BR/checkout');
        await page.getByTestId('summary-total').waitFor();
        expect(await textOf(page.getByTestId('summary-total'))).toBe(price);
        // The extra-device fee is the currency's own.
        expect(await textOf(page.locator('#customer-information'))).toContain(fee);
        await expectFitsAndAccessible(page);

        await page.getByLabel('Nome', { exact: true }).fill('Ana');
        await page.getByLabel('Sobrenome', { exact: true }).fill('Souza');
        await page.getByLabel('E-mail', { exact: true }).fill(email);
        await page.getByLabel('Vale-presente', { exact: true }).click();
        await page.getByRole('option', { name: 'Amazon', exact: true }).click();
        await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
        await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242');
        await page.getByLabel('Validade').fill('12/34');
        await page.getByLabel('CVC').fill('123');
        expect(await textOf(page.getByTestId('summary-total'))).toBe(price);
        // The Pay button names the amount in the order's currency.
        const pay = page.getByRole('button', { name: /^Pagar / });
        expect(await textOf(pay)).toBe(`Pagar ${price}`);
        await pay.click();
        await page.waitForURL('**/password-setup?**');
        orderId = new URL(page.url()).searchParams.get('orderId')!;
      });

      const { t } = holder.store;
      const [order] = await t.database.db.select({ currency: orders.currency, totalAmount: orders.totalAmount, paymentStatus: orders.paymentStatus, locale: orders.locale }).from(orders).where(eq(orders.id, orderId));
      expect(order).toEqual({ currency, totalAmount: currency === 'EUR' ? '14.99' : '79.99', paymentStatus: 'completed', locale: 'pt-BR' });
      await expect
        .poll(async () => {
          await t.services.jobs.drain();
          return (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-confirmation:${orderId}`)))[0];
        })
        .toBeTruthy();
      const [receipt] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `order-confirmation:${orderId}`));
      expect(receipt!.to).toBe(email);
      expect(receipt!.subject).toBe(`Confirmação do pedido - ${orderId}`);
      expect(plain(receipt!.text)).toContain(price);
    });
  }

  it('lays the picker and the prices out left to right in Arabic, at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      await inBrowser(b, holder.store.baseUrl, 'ar', width, async (page) => {
        await page.goto('/ar');
        const oneMonth = await card(page);
        // An Arabic browser's region (Egypt) pays in dollars; the amount is isolated left to right.
        await expect.poll(() => textOf(oneMonth)).toContain('15.99 US$');
        expect(await oneMonth.locator('.tabular').first().textContent()).toMatch(/^\u2066.*\u2069$/);
        await chooseCurrency(page, width, 'GBP', { picker: 'العملة', menu: 'القائمة' });
        await expect.poll(() => textOf(oneMonth)).toContain('12.99 UK£');
        await expectFitsAndAccessible(page);
        await oneMonth.getByRole('button').click();
        await page.getByRole('dialog').getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
        await page.waitForURL('**/ar/checkout');
        await page.getByTestId('summary-total').waitFor();
        expect(await textOf(page.getByTestId('summary-total'))).toContain('12.99 UK£');
        // Checkout's header has its own picker, on a phone too.
        expect(await page.getByRole('banner').getByRole('combobox', { name: 'العملة' }).inputValue()).toBe('GBP');
        await expectFitsAndAccessible(page);
      });
    }
  });

  it('falls back to dollars when the owner turned the chosen currency off', async () => {
    await inBrowser(b, holder.store.baseUrl, 'en-GB', 1280, async (admin) => {
      await adminSignIn(admin);
      expect((await admin.request.patch('/api/admin/currencies', { data: { currency: 'GBP', enabled: false } })).status()).toBe(200);
    });
    try {
      await inBrowser(b, holder.store.baseUrl, 'en-GB', 1280, async (page) => {
        await page.goto('/');
        const oneMonth = await card(page);
        // A British browser would pay in pounds; with pounds off the store shows the spec's dollars.
        await expect.poll(() => textOf(oneMonth)).toContain('$15.99');
        expect(await textOf(oneMonth)).toContain('1 Month subscription with $10.00 gift card cashback (1 per subscription)');
        const picker = page.getByRole('combobox', { name: 'Currency' });
        await expect.poll(() => picker.inputValue()).toBe('USD');
        expect(await picker.locator('option').allTextContents()).toEqual(['USD', 'EUR', 'BRL']);
      });
    } finally {
      await inBrowser(b, holder.store.baseUrl, 'en-GB', 1280, async (admin) => {
        await adminSignIn(admin);
        await admin.request.patch('/api/admin/currencies', { data: { currency: 'GBP', enabled: true } });
      });
    }
  });
});
