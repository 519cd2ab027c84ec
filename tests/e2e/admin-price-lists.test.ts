import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { useBrowser } from '../support/browser';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The admin's price lists in the browser (decision 0104): a package's EUR price set in its
 * dialog and sold at once, GBP turned off and on again, a fixed EUR coupon created and shown in
 * euros, at 390 and 1280 px with axe and no sideways scroll. A store of its own, so that its
 * prices and currencies are this test's alone.
 */

describe('the admin price lists in the browser', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(new Date().toISOString());

  const openAt = (width: number, run: (page: Page) => Promise<void>) => atWidth(b, holder.store.baseUrl, width, run);
  const packagesIn = async (currency: string) => {
    const response = await fetch(`${holder.store.baseUrl}/api/packages?currency=${currency}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const oneMonthIn = async (currency: string) => {
    const { body } = await packagesIn(currency);
    return (body as Array<{ name: string; price: string; currency: string }>).find((pkg) => pkg.name === '1 Month Premium');
  };

  for (const [width, eurPrice] of [
    [390, '13.49'],
    [1280, '13.99'],
  ] as const) {
    it(`sets a EUR price, switches GBP off and on, and creates a EUR coupon, at ${width} px`, { timeout: 120_000 }, async () => {
      await openAt(width, async (page) => {
        await adminSignIn(page);
        await page.goto('/admin?tab=packages');
        const row = page.getByTestId('admin-package').filter({ hasText: '1 Month Premium' });
        await row.waitFor();
        await expectFitsAndAccessible(page);

        await row.getByRole('button', { name: /^Edit/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Edit Package' });
        await dialog.getByLabel('Price in EUR (optional)').fill('0');
        await dialog.getByRole('button', { name: 'Save Package' }).click();
        await dialog.getByText('Price in EUR must be more than 0.00, or blank to stop selling the package in EUR').waitFor();
        await expectFitsAndAccessible(page);
        await dialog.getByLabel('Price in EUR (optional)').fill(eurPrice);
        await dialog.getByRole('button', { name: 'Save Package' }).click();
        await toast(page, 'Package Saved').waitFor();
        await dialog.waitFor({ state: 'detached' });
        await row.getByText(`€${eurPrice} · £12.99 · R$79.99`).waitFor();
        // The storefront's EUR list sells it at the new price at once.
        expect(await oneMonthIn('EUR')).toMatchObject({ price: eurPrice, currency: 'EUR' });

        const currencies = page.getByRole('region', { name: 'Currencies' });
        const gbp = currencies.getByRole('switch', { name: 'GBP' });
        expect(await currencies.getByRole('switch', { name: 'USD' }).isDisabled()).toBe(true);
        await gbp.click();
        await toast(page, 'Currency Turned Off').waitFor();
        expect(await gbp.getAttribute('aria-checked')).toBe('false');
        expect(await packagesIn('GBP')).toEqual({ status: 400, body: { message: 'Unsupported currency. Supported currencies: USD, EUR, BRL' } });
        await expectFitsAndAccessible(page);
        await gbp.click();
        await toast(page, 'Currency Turned On').waitFor();
        expect(await gbp.getAttribute('aria-checked')).toBe('true');
        expect(await oneMonthIn('GBP')).toMatchObject({ price: '12.99', currency: 'GBP' });

        const code = `EURO${width}`;
        await page.goto('/admin?tab=coupons');
        await page.getByRole('button', { name: 'New Coupon' }).click();
        const form = page.getByRole('dialog', { name: 'New Coupon' });
        await form.getByLabel('Code').fill(code);
        await form.getByLabel('Type').click();
        await page.getByRole('option', { name: 'Fixed amount' }).click();
        await form.getByLabel('Description').fill('Five euros off');
        await form.getByLabel('Value (percent or amount)').fill('5');
        await form.getByLabel('Currency').click();
        await page.getByRole('option', { name: 'EUR' }).click();
        await expectFitsAndAccessible(page);
        await form.getByRole('button', { name: 'Create Coupon' }).click();
        await toast(page, 'Coupon Created').waitFor();
        await form.waitFor({ state: 'detached' });
        const coupon = page.getByTestId('admin-coupon').filter({ hasText: code });
        await coupon.getByText('€5.00 off').waitFor();
        await expectFitsAndAccessible(page);
      });
    });
  }
});
