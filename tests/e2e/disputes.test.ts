import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { pictureWhenAsked } from '../support/pictures';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The admin order detail's "Dispute" region (decision 0100) at 390 and 1280 px with axe: the
 * demo bank disputes a paid order, the owner reads the evidence, adds a note and presses
 * "Submit evidence". A store of its own: the dispute holds the order's lines and counts in the
 * dashboard's rate.
 */


describe('a dispute in the admin order detail', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(new Date().toISOString());

  it('shows the dispute with its evidence and submits it with a note, at 390 and 1280 px', async () => {
    await atWidth(b, holder.store.baseUrl, 390, async (page) => {
      const email = `disputed-${Date.now()}@example.com`;
      const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
      const oneMonth = packages.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id;
      const orderId = await buyWithDemoCard(page, { firstName: 'Dana', lastName: 'Dispute', email, packageId: oneMonth, deviceCount: '1' });

      await adminSignIn(page);
      const detailJson = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as { payment: { providerReference: string } };
      const opened = await page.request.post(`/api/demo/payment-intents/${detailJson.payment.providerReference}/dispute`, { data: { reason: 'fraudulent' } });
      expect(opened.status()).toBe(200);

      await page.goto('/admin?tab=orders');
      await page.getByRole('searchbox').first().fill(email);
      const row = page.getByTestId('order-row').filter({ hasText: email }).first();
      await row.getByText('disputed').first().waitFor();
      await row.getByRole('button', { name: orderId, exact: true }).click();
      const region = page.getByTestId('order-detail').getByRole('region', { name: 'Dispute' });
      await region.getByText('needs response').waitFor();
      await region.getByText('Due by').waitFor();
      await region.getByText('Credentials emailed').waitFor();
      await region.getByText('Earlier undisputed payments by this card: 0').waitFor();
      await expectFitsAndAccessible(page);
      await pictureWhenAsked(region, 'dispute-390');

      await page.setViewportSize({ width: 1280, height: 900 });
      await region.getByText('Line usage').waitFor();
      await expectFitsAndAccessible(page);
      await pictureWhenAsked(region, 'dispute-1280');

      await region.getByLabel('Note (optional)').fill('The buyer streamed for hours after paying.');
      await region.getByRole('button', { name: 'Submit evidence' }).click();
      await toast(page, 'Evidence Submitted').waitFor();
      await region.getByText('The buyer streamed for hours after paying.').waitFor();
      await region.getByRole('button', { name: 'Submit evidence' }).waitFor({ state: 'detached' });
      await expectFitsAndAccessible(page);
      await pictureWhenAsked(region, 'dispute-submitted-1280');
      await page.setViewportSize({ width: 390, height: 900 });
      await expectFitsAndAccessible(page);
    });
  });
});
