import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { useBrowser } from '../support/browser';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { buyWithDemoCard } from '../support/guest-purchase';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The admin's Blocklist section and "Block this buyer" in the browser (decision 0099), at 390
 * and 1280 px with axe. A store of its own: blocking the demo test card would refuse every
 * other browser test's purchase on the shared store.
 */

describe('the blocklist in the browser', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(new Date().toISOString());

  const openAt = (width: number, run: (page: Page) => Promise<void>) => atWidth(b, holder.store.baseUrl, width, run);

  it('adds an entry, refusing a bad network under its field, and deletes it after asking, at 1280 px', async () => {
    await openAt(1280, async (page) => {
      await adminSignIn(page);
      await page.goto('/admin?tab=blocklist');
      await page.getByText('No Blocked Buyers').waitFor();
      await expectFitsAndAccessible(page);

      await page.getByRole('button', { name: 'Add Entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add to the Blocklist' });
      await dialog.getByRole('combobox', { name: 'Kind' }).click();
      await page.getByRole('option', { name: 'IP address or network' }).click();
      await dialog.getByLabel('Value').fill('10.0.0.0/33');
      await dialog.getByLabel('Reason').fill('Card testing from this network');
      await dialog.getByRole('button', { name: 'Add Entry' }).click();
      await dialog.getByText('Enter an IP address such as 203.0.113.7 or a network such as 203.0.113.0/24').waitFor();
      await expectFitsAndAccessible(page);
      await dialog.getByLabel('Value').fill('203.0.113.77/24');
      await dialog.getByRole('button', { name: 'Add Entry' }).click();
      await toast(page, 'Entry Added').waitFor();

      const entry = page.getByTestId('blocklist-entry').filter({ hasText: '203.0.113.0/24' });
      await entry.getByText('Card testing from this network').waitFor();
      await entry.getByText('store-owner').waitFor();
      await entry.getByText('Active').waitFor();
      await expectFitsAndAccessible(page);

      await entry.getByRole('button', { name: 'Delete 203.0.113.0/24' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Blocklist Entry' });
      await confirm.getByText('Remove 203.0.113.0/24 from the blocklist?', { exact: false }).waitFor();
      await expectFitsAndAccessible(page);
      await confirm.getByRole('button', { name: 'Delete Entry' }).click();
      await toast(page, 'Entry Removed').waitFor();
      await page.getByText('No Blocked Buyers').waitFor();
    });
  });

  it("blocks an order's buyer from the order's detail, then lists what it blocked, at 390 px (the detail at 1280 px too)", async () => {
    await openAt(390, async (page) => {
      const email = `blocked-${Date.now()}@example.com`;
      const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
      const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id;
      const orderId = await buyWithDemoCard(page, { firstName: 'Mallory', lastName: 'Fraud', email, packageId: oneMonth, deviceCount: '1' });

      await adminSignIn(page);
      await page.goto('/admin?tab=orders');
      await page.getByRole('searchbox').first().fill(email);
      const row = page.getByTestId('order-row').filter({ hasText: email }).first();
      await row.getByRole('button', { name: orderId, exact: true }).click();
      const detail = page.getByTestId('order-detail');
      await detail.locator('summary', { hasText: 'Block this buyer' }).click();
      await detail.getByLabel('Reason').fill('Chargeback on this order');
      await expectFitsAndAccessible(page);
      await detail.getByRole('button', { name: 'Block this buyer' }).click();
      await toast(page, 'Buyer Blocked').waitFor();
      const blocked = detail.getByTestId('blocked-entries');
      // The order was placed from this machine's address, which the store recorded (decision 0097); this store is the test's own.
      await blocked.getByText('Blocked email, card fingerprint, ip address or network').waitFor();
      await blocked.getByText(`email: ${email}`).waitFor();
      await expectFitsAndAccessible(page);
      // The same detail, with what it blocked, on a laptop.
      await page.setViewportSize({ width: 1280, height: 900 });
      await blocked.getByText(`email: ${email}`).waitFor();
      await expectFitsAndAccessible(page);
      await page.setViewportSize({ width: 390, height: 900 });

      await page.goto('/admin?tab=blocklist&kind=email');
      const entry = page.getByTestId('blocklist-entry').filter({ hasText: email });
      await entry.getByText('Chargeback on this order').waitFor();
      expect(await page.getByTestId('blocklist-entry').count()).toBe(1);
      await expectFitsAndAccessible(page);

      // The blocked buyer's next checkout is refused with the neutral words.
      const again = await page.request.post('/api/checkout', {
        data: { firstName: 'Mallory', lastName: 'Fraud', email, phone: '', packageId: oneMonth, paymentMethod: 'card', deviceCount: '1', couponCode: '', selectedGiftCard: 'Amazon' },
      });
      expect([again.status(), await again.json()]).toEqual([403, { message: 'We could not accept this order. Contact support.' }]);
    });
  });
});
