import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { pictureWhenAsked } from '../support/pictures';

/**
 * The storefront in six languages (decision 0106), in the built store: Arabic right to left
 * at a phone's and a laptop's width, Portuguese on the landing page and at checkout, and the
 * switcher that moves to the same page in another language and keeps the choice.
 */

/** The landing page once its packages are listed (the page's own code has run). */
async function landingReady(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 2 }).first().waitFor();
  await expect.poll(() => page.locator('#packages button').count()).toBeGreaterThan(0);
}

describe('the storefront in six languages', () => {
  const b = useBrowser();

  for (const width of [390, 1280]) {
    it(`lays /ar out right to left at ${width} px, within the screen and accessible`, async () => {
      await atWidth(b, b.baseUrl, width, async (page) => {
        await page.goto('/ar');
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('IPTV مميز بدقة');
        await landingReady(page);
        expect(await page.getByRole('heading', { name: 'اختر باقتك' }).count()).toBe(1);
        // Right to left: the brand sits at the header's right edge, the cart left of it.
        const brand = await page.locator('header a').first().boundingBox();
        const cart = await page.getByRole('button', { name: 'السلة' }).boundingBox();
        expect(brand!.x + brand!.width).toBeGreaterThan(width / 2);
        expect(cart!.x).toBeLessThan(brand!.x);
        await expectFitsAndAccessible(page);
        if (width === 390) await pictureWhenAsked(page, 'ar-landing-390');
        await page.goto('/ar/checkout?trial=true');
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await page.getByRole('heading', { name: 'بيانات العميل' }).waitFor();
        await expectFitsAndAccessible(page);
        if (width === 390) await pictureWhenAsked(page, 'ar-checkout-390');
      });
    });
  }

  it('shows the landing page and checkout in Portuguese under /pt-BR', async () => {
    await atWidth(b, b.baseUrl, 390, async (page) => {
      await page.goto('/pt-BR');
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['pt-BR', 'ltr']);
      await landingReady(page);
      expect(await page.getByRole('heading', { name: 'Escolha seu pacote' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Começar teste grátis' }).getAttribute('href')).toBe('/pt-BR/checkout?trial=true');
      await expectFitsAndAccessible(page);
      await pictureWhenAsked(page, 'pt-BR-landing-390');
      await page.getByRole('link', { name: 'Começar teste grátis' }).click();
      await page.waitForURL('**/pt-BR/checkout?trial=true');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Finalizar compra');
      await page.getByRole('heading', { name: 'Dados do cliente' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Resumo do pedido' }).count()).toBe(1);
      await expectFitsAndAccessible(page);
      await pictureWhenAsked(page, 'pt-BR-checkout-390');
    });
  });

  it('moves to the same page in the chosen language and keeps the choice', async () => {
    const { page } = b;
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL('**/de/login');
    await page.getByRole('heading', { name: 'Willkommen zurück' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    // The choice is kept: an unprefixed address now leads to German.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/de');
    await landingReady(page);
    expect(await page.getByRole('heading', { name: 'Wähle dein Paket' }).count()).toBe(1);
    // Back to English from the footer's switcher: the English page stays English.
    await page.getByRole('contentinfo').getByRole('combobox', { name: 'Sprache' }).selectOption('en');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Choose your package' }).waitFor();
    await page.goto('/checkout?trial=true');
    expect(new URL(page.url()).pathname).toBe('/checkout');
  });
});
