import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';

/**
 * The public status page and the admin's Incidents section (decision 0094) at a phone's and a
 * laptop's width: no sideways scroll and no serious axe-core violation on either, from the
 * post of an incident to its compensation. The incidents name only 6 Months Premium, which no
 * other browser test buys, so the compensation moves no other test's subscription on the
 * shared store.
 */
const PASSWORD = 'status-page-secret-1';
let counter = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now()}-${++counter}`;
const sidewaysScroll = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth))));

async function expectFitsAndAccessible(page: Page, what: string): Promise<void> {
  expect({ what, sideways: await sidewaysScroll(page) }).toEqual({ what, sideways: 0 });
  expect({ what, violations: await seriousAxeViolations(page) }).toEqual({ what, violations: [] });
}

/** A signed-in customer of this browser with a 6 Months Premium subscription, provisioned; its id and expiry. */
async function sixMonthsCustomer(page: Page, width: number) {
  const email = `status-${width}-${Date.now()}-${++counter}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName: 'Rosa', lastName: 'Parks', email, phone: '+1 555 0100', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string; name: string }>;
  const sixMonths = packages.find((pkg) => pkg.name === '6 Months Premium')!;
  await buyWithDemoCard(page, { firstName: 'Rosa', lastName: 'Parks', email, packageId: sixMonths.id, deviceCount: '1' });
  const subscription = async () => ((await (await page.request.get('/api/subscriptions')).json()) as Array<{ id: string; expirationDate: string }>)[0];
  await expect.poll(async () => (await subscription())?.id, { timeout: 30_000 }).toBeTruthy();
  return { sixMonths, subscription };
}

for (const width of [390, 1280]) {
  describe(`the status page and the Incidents section at ${width} px`, () => {
    const b = useBrowser({ viewport: { width, height: 900 } });

    it('shows the status, posts an incident, and compensates one that lasted over an hour', async () => {
      const { page } = b;
      await page.goto('/status');
      await page.getByRole('heading', { name: 'Service status' }).waitFor();
      await page.getByTestId('store-status').waitFor();
      await expect.poll(() => page.title()).toMatch(/^Status: (Operational|Degraded|Down) \| StreamPlus$/);
      await expectFitsAndAccessible(page, '/status');

      const { sixMonths, subscription } = await sixMonthsCustomer(page, width);
      const expiryBefore = Date.parse((await subscription())!.expirationDate);
      await adminSignIn(page);
      await page.goto('/admin?tab=incidents');
      await page.getByRole('button', { name: 'Post Incident' }).waitFor();
      await page.locator('[data-testid="incident"], main :text("No Incidents")').first().waitFor();
      await expectFitsAndAccessible(page, '/admin?tab=incidents');

      // Posted from the dialog: some packages, the affected customers emailed.
      const title = uniqueTitle('Sports channels buffer');
      await page.getByRole('button', { name: 'Post Incident' }).click();
      const dialog = page.getByRole('dialog', { name: 'Post Incident' });
      await dialog.waitFor();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Message').fill('Some sports channels buffer in the evening.\n\nWe are working with our provider.');
      await dialog.getByLabel('Only some packages').check();
      await dialog.getByLabel('6 Months Premium').check();
      await dialog.getByLabel('Email affected customers').check();
      await expectFitsAndAccessible(page, 'the Post Incident dialog');
      await dialog.getByRole('button', { name: 'Post Incident' }).click();
      await toast(page, 'Incident Posted').waitFor();
      await page.getByTestId('incident').filter({ hasText: title }).waitFor();

      await page.goto('/status');
      const shown = page.getByTestId('status-incident').filter({ hasText: title });
      await shown.waitFor();
      expect(await shown.textContent()).toContain('6 Months Premium');
      expect(await shown.textContent()).toContain('Ongoing');
      expect(await page.getByTestId('store-status').getAttribute('data-status')).not.toBe('operational');
      await expectFitsAndAccessible(page, '/status with an open incident');

      // One that began two hours ago: ending it offers "Compensate 1 day" at once.
      const longTitle = uniqueTitle('Panel outage');
      const posted = await page.request.post('/api/admin/incidents', {
        data: { title: longTitle, message: 'No 6-month line played.', packages: [sixMonths.id], startedAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString() },
      });
      expect(posted.status()).toBe(201);
      await page.goto('/admin?tab=incidents');
      await page.getByRole('button', { name: `Open the incident ${longTitle}` }).click();
      await page.getByTestId('incident-detail').waitFor();
      await expectFitsAndAccessible(page, 'the incident detail');
      await page.getByRole('button', { name: 'End Incident' }).click();
      const offer = page.getByRole('dialog', { name: 'Compensate 1 day?' });
      await offer.waitFor();
      await expectFitsAndAccessible(page, 'the compensation offer');
      await offer.getByRole('button', { name: 'Compensate 1 day' }).click();
      await toast(page, 'Customers Compensated').waitFor();
      await page.getByTestId('incident-compensation').waitFor();
      expect(await page.getByTestId('incident-compensation').textContent()).toMatch(/^Compensated: 1 day added to \d+ subscriptions? of \d+ customers?\./);
      await expectFitsAndAccessible(page, 'the compensated incident');
      expect(Date.parse((await subscription())!.expirationDate) - expiryBefore).toBe(24 * 60 * 60_000);

      // The first incident ends too, and the page says so.
      await page.goto('/admin?tab=incidents');
      await page.getByRole('button', { name: `Open the incident ${title}` }).click();
      await page.getByRole('button', { name: 'End Incident' }).click();
      await toast(page, 'Incident Ended').waitFor();
      await page.goto('/status');
      await page.getByTestId('status-incident').filter({ hasText: title }).getByText('Resolved').waitFor();
    });
  });
}
