import { describe, expect, it } from 'vitest';
import { latestMailLinks, useBrowser } from '../support/browser';
import { buyAsGuest } from '../support/guest-purchase';

describe('a guest buyer becomes a customer through the emailed link', () => {
  const b = useBrowser();

  it('buys as a guest, follows the setup link from the email, sets a password and sees the subscription', async () => {
    const { page } = b;
    const email = `guest-${Date.now()}@example.com`;
    await buyAsGuest(page, email);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);

    // The store emails the link once the paid order is fulfilled (a background job).
    let links: string[] = [];
    await expect.poll(() => (links = latestMailLinks(email, /password|set up|setup/i)).find((l) => l.includes('/setup/')), { timeout: 30_000 }).toBeTruthy();
    const setupLink = links.find((l) => l.includes('/setup/'))!;
    await page.goto(new URL(setupLink).pathname);
    await page.getByText('Complete Your Account Setup').waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    await page.getByLabel('Create Password').fill('my-new-secret');
    await page.getByLabel('Confirm Password').fill('my-new-secret');
    await page.getByRole('button', { name: 'Complete Account Setup' }).click();
    await page.locator('[data-variant]').getByText('Account Setup Complete', { exact: true }).waitFor();
    await page.waitForURL('**/account');
    await page.getByText('Welcome back, Mary!').waitFor();
    await page.getByTestId('subscription-card').getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('subscription-card').textContent()).toContain('1 Month Premium');

    // The link is single use.
    await page.goto(new URL(setupLink).pathname);
    await page.waitForURL((url) => url.pathname === '/');
  });
});
