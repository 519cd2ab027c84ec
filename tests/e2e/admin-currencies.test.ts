import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSignIn } from '../support/admin';
import { useBrowser } from '../support/browser';
import { seededPackages } from '../support/checkout';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { paidOrder } from '../support/paid-orders';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The admin's figures per currency in the browser (decision 0105): /admin-dashboard's
 * "Revenue by currency" panel, the orders list's amounts in their currency and the Revenue
 * tab's choice of currency, at 390 and 1280 px with axe. A store of its own, so that its figures are this test's orders alone.
 */

describe('the admin figures per currency in the browser', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(new Date().toISOString());
  const orderIds: Record<string, string> = {};

  beforeAll(async () => {
    const { t } = holder.store;
    const { oneMonth } = await seededPackages(t.app);
    orderIds.USD = (await paidOrder(t, { packageId: oneMonth.id, totalAmount: '15.99', email: 'dollars@example.com' })).id;
    orderIds.EUR = (await paidOrder(t, { packageId: oneMonth.id, totalAmount: '14.99', currency: 'EUR', email: 'euros@example.com' })).id;
    orderIds.BRL = (await paidOrder(t, { packageId: oneMonth.id, totalAmount: '79.90', currency: 'BRL', email: 'reais@example.com' })).id;
  });

  const openAt = (width: number, run: (page: Page) => Promise<void>) => atWidth(b, holder.store.baseUrl, width, run);

  for (const width of [390, 1280]) {
    it(`shows each currency's revenue apart on the dashboard and each order's amount in its currency, at ${width} px`, async () => {
      await openAt(width, async (page) => {
        await adminSignIn(page);
        await page.goto('/admin-dashboard');
        const panel = page.getByRole('region', { name: 'Revenue by currency' });
        await panel.locator('dl').waitFor();
        const entries = await panel.locator('dl > div').evaluateAll((rows) => rows.map((row) => [...row.children].map((field) => field.textContent)));
        expect(entries).toEqual([
          ['USD', '$15.99', 'This month $15.99 · 1 paid order'],
          ['EUR', '€14.99', 'This month €14.99 · 1 paid order'],
          ['BRL', 'R$79.90', 'This month R$79.90 · 1 paid order'],
        ]);
        // The spec's card stays the store's default currency's figure, never a sum.
        expect(await page.getByRole('region', { name: 'Customer figures' }).textContent()).toContain('Total Revenue$15.99');
        await expectFitsAndAccessible(page);

        await page.goto('/admin?tab=orders');
        const row = (currency: string) => page.getByTestId('order-row').filter({ hasText: orderIds[currency]!.slice(-8) }).first();
        await row('BRL').waitFor();
        expect(await row('BRL').textContent()).toContain('R$79.90');
        expect(await row('EUR').textContent()).toContain('€14.99');
        expect(await row('USD').textContent()).toContain('$15.99');
        await expectFitsAndAccessible(page);

        // The Revenue tab charts one currency at a time.
        await page.goto('/admin?tab=revenue');
        await page.getByRole('img', { name: 'Revenue, last 30 days' }).waitFor();
        await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'BRL' }).click();
        await page.getByRole('img', { name: 'Revenue in BRL, last 30 days' }).waitFor();
        expect(await page.getByText(/in the last 30 days/).textContent()).toMatch(/^R\$79\.90 in the last 30 days/);
        await expectFitsAndAccessible(page);
      });
    });
  }
});
