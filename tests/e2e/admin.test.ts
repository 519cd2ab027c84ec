import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { latestMailLinks, useBrowser } from '../support/browser';
import { applyCoupon, buyAsGuest, buyWithDemoCard, checkoutOneMonth, payAsGuest } from '../support/guest-purchase';

const XSS_NAME = '<img src=x onerror="window.__xss=1">';

/** The page's customer list searched for `email`, reloading until its subscription (made by a background job) shows. */
async function findCustomer(page: Page, email: string, testId: 'customer-record' | 'customer-row') {
  const found = page.getByTestId(testId).filter({ hasText: email }).first();
  await expect
    .poll(
      async () => {
        await page.getByRole('searchbox', { name: 'Search customer subscriptions' }).fill(email);
        if (await found.waitFor({ timeout: 2000 }).then(() => true, () => false)) return true;
        await page.reload();
        return false;
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
  return found;
}

/** Opens a /admin record's 'Device Credentials' area once provisioning has made its logins. */
async function openCredentials(page: Page, email: string) {
  await expect
    .poll(
      async () => {
        const record = await findCustomer(page, email, 'customer-record');
        await record.getByRole('button', { name: 'Device Credentials' }).click();
        if (await record.getByTestId('device-credential').first().waitFor({ timeout: 2000 }).then(() => true, () => false)) return true;
        await page.reload();
        return false;
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
  return page.getByTestId('customer-record').filter({ hasText: email }).first();
}

const setupLinkOf = (email: string) => latestMailLinks(email, /set up|setup|password/i).find((link) => link.includes('/setup/'));

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const xssRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

describe('the admin area in a browser', () => {
  const b = useBrowser();

  it('sees a guest purchase on both dashboards, copies credentials, creates its account, and logs out', { timeout: 240_000 }, async () => {
    const { page, context, baseUrl } = b;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const email = `admin-e2e-${Date.now()}@example.com`;
    const orderId = await buyAsGuest(page, email);
    expect(orderId).toMatch(/^SP-\d+-\d+$/);

    // An admin page without an admin session goes to the sign-in.
    await page.goto('/admin-dashboard');
    await toast(page, 'Access Denied').waitFor();
    await page.waitForURL('**/admin-login');
    await adminSignIn(page);

    // /admin: the record with its last 8 order characters, and its device logins.
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    const record = await findCustomer(page, email, 'customer-record');
    expect(await record.getByTestId('short-order-id').textContent()).toBe(orderId.slice(-8));
    const device = (await openCredentials(page, email)).getByTestId('device-credential').first();
    // Each credential line carries its whole value in a title, however the line is cut short.
    const username = (await device.locator('dl [title]').first().getAttribute('title'))!;
    await device.getByRole('button', { name: 'Copy username' }).click();
    await toast(page, 'Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(username);

    await page.getByRole('tab', { name: 'Purchase Notifications' }).click();
    await page.getByTestId('purchase-notification').filter({ hasText: orderId }).first().waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Force Refresh Customers' }).click()]);
    await findCustomer(page, email, 'customer-record');

    // /admin-dashboard: the same purchase in the table, and its credentials in the dialog.
    await page.goto('/admin-dashboard');
    await page.getByText('Customer Subscription Management').waitFor();
    const row = await findCustomer(page, email, 'customer-row');
    expect(await row.getByTestId('short-order-id').textContent()).toBe(orderId.slice(-8));
    await row.getByRole('button', { name: 'View Credentials' }).click();
    const credentials = page.getByRole('dialog', { name: 'Device Credentials' });
    expect(await credentials.getByText(username, { exact: true }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await credentials.waitFor({ state: 'detached' });

    // Create Customer Account for the guest order; the first name carries markup that must stay text.
    // The guest's own setup email went out after the payment; the admin's must be a new one.
    await expect.poll(() => setupLinkOf(email), { timeout: 30_000 }).toBeTruthy();
    const guestSetupLink = setupLinkOf(email);
    await page.getByRole('button', { name: 'Create Customer Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Customer Account' });
    await dialog.getByLabel('First Name').fill(XSS_NAME);
    await dialog.getByLabel('Last Name').fill('Jackson');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Order ID').fill(orderId);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Customer Account Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('customer-row').filter({ hasText: XSS_NAME }).first().waitFor({ timeout: 15_000 });
    expect(await xssRan(page)).toBeUndefined();
    await page.goto('/admin');
    await findCustomer(page, email, 'customer-record');
    await page.getByTestId('customer-record').filter({ hasText: XSS_NAME }).first().waitFor();
    expect(await xssRan(page)).toBeUndefined();

    // The customer follows the emailed setup link in a browser of their own.
    let setupLink: string | undefined;
    await expect.poll(() => (setupLink = setupLinkOf(email)) !== guestSetupLink, { timeout: 30_000 }).toBe(true);
    const customer = await context.browser()!.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    try {
      const customerPage = await customer.newPage();
      await customerPage.goto(new URL(setupLink!).pathname);
      await customerPage.getByText('Complete Your Account Setup').waitFor();
      await customerPage.getByLabel('Create Password').fill('admin-made-secret');
      await customerPage.getByLabel('Confirm Password').fill('admin-made-secret');
      await customerPage.getByRole('button', { name: 'Complete Account Setup' }).click();
      await customerPage.waitForURL('**/account');
      await customerPage.getByTestId('subscription-card').getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
      expect(await customerPage.getByTestId('subscription-card').first().textContent()).toContain(username);
      expect(await xssRan(customerPage)).toBeUndefined();
      const giftCards = customerPage.getByTestId('gift-cards-received');
      await giftCards.getByText('No gift cards received yet.', { exact: false }).waitFor();

      // The admin sends the order's Chewy gift card and marks it delivered; the customer sees it received.
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Gift Cards' }).click();
      const owed = page.getByTestId('owed-gift-card').filter({ hasText: orderId });
      expect(await owed.textContent()).toContain('Chewy');
      await owed.getByRole('button', { name: /^Mark Delivered/ }).click();
      const delivery = page.getByRole('dialog', { name: 'Deliver Gift Card' });
      await delivery.getByRole('button', { name: 'Mark Delivered' }).click();
      await toast(page, 'Gift Card Delivered').waitFor();
      await owed.waitFor({ state: 'detached' });
      await customerPage.reload();
      await giftCards.getByText('Chewy', { exact: true }).waitFor();
    } finally {
      await customer.close();
    }

    // Logout ends the admin session: the dashboard is then refused.
    await page.goto('/admin-dashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/admin-login');
    await page.goto('/admin-dashboard');
    await toast(page, 'Access Denied').waitFor();
    await page.waitForURL('**/admin-login');
  });

  it('creates a coupon that a buyer then uses at checkout, and sees its use counted', { timeout: 120_000 }, async () => {
    const { page, context, baseUrl } = b;
    const code = `HALF${Date.now() % 1_000_000}`;
    await adminSignIn(page);
    await page.getByRole('tab', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Coupon' });
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Description').fill('Half price for the test');
    await dialog.getByLabel('Value (percent or dollars)').fill('150');
    await dialog.getByLabel('Usage limit (optional)').fill('3');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    // The server's rule comes back word for word, and what was typed stays for correcting.
    await page.locator('[data-variant="destructive"]').getByText("A percentage coupon's value must be at most 100").waitFor();
    await dialog.getByLabel('Value (percent or dollars)').fill('50');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await toast(page, 'Coupon Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const coupon = page.getByTestId('admin-coupon').filter({ hasText: code });
    expect(await coupon.textContent()).toContain('50% off');
    expect(await coupon.textContent()).toContain('0 of 3 used');

    const buyer = await context.browser()!.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    try {
      const shop = await buyer.newPage();
      await checkoutOneMonth(shop);
      await applyCoupon(shop, code);
      const applied = shop.getByTestId('applied-coupon');
      await applied.waitFor();
      expect(await applied.textContent()).toContain(code);
      expect(await applied.textContent()).toContain('Half price for the test');
      await payAsGuest(shop, { firstName: 'Katherine', lastName: 'Johnson', email: `coupon-${Date.now()}@example.com`, giftCard: 'Target' });
    } finally {
      await buyer.close();
    }

    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Coupons' }).click();
          return coupon.textContent({ timeout: 5000 });
        },
        { timeout: 30_000, interval: 0 },
      )
      .toContain('1 of 3 used');
    await coupon.getByRole('button', { name: /^Deactivate/ }).click();
    await toast(page, 'Coupon Deactivated').waitFor();
    // The list is asked again after the toast; its answer may come a moment later.
    await expect.poll(() => coupon.textContent()).toContain('Inactive');
  });

  it('fits a 390 px phone without sideways scrolling and has no serious accessibility violations', { timeout: 120_000 }, async () => {
    const { page } = b;
    await adminSignIn(page);
    for (const path of ['/admin', '/admin-dashboard']) {
      await page.goto(path);
      await page.locator('[data-testid="customer-record"], [data-testid="customer-row"], main :text("No Customer Subscriptions"), main :text("No customer subscriptions found")').first().waitFor();
      expect(await seriousAxeViolations(page), `${path} at 1280 px`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(200);
      expect(await pageWidth(page), `${path} at 390 px`).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.waitForTimeout(200);
      expect(await pageWidth(page), `${path} at 1280 px`).toBeLessThanOrEqual(1280);
    }
    // A paid order whose gift card is still owed, so the tab shows a card to send.
    const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
    const owedOrder = await buyWithDemoCard(page, {
      firstName: 'Owed',
      lastName: 'Card',
      email: `owed-${Date.now()}@example.com`,
      packageId: packages.find((pkg) => pkg.duration === '1 Month')!.id,
      deviceCount: '1',
    });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Gift Cards' }).click();
    await page.getByTestId('owed-gift-card').filter({ hasText: owedOrder }).waitFor();
    expect(await seriousAxeViolations(page), 'gift cards tab').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await pageWidth(page), 'gift cards tab at 390 px').toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('tab', { name: 'Coupons' }).click();
    await page.getByTestId('admin-coupon').first().waitFor();
    expect(await seriousAxeViolations(page), 'coupons tab').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await pageWidth(page), 'coupons tab at 390 px').toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'New Coupon' }).click();
    await page.getByRole('dialog', { name: 'New Coupon' }).waitFor();
    expect(await seriousAxeViolations(page), 'new coupon dialog').toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin-dashboard');
    await page.getByRole('button', { name: 'Create Customer Account' }).click();
    await page.getByRole('dialog', { name: 'Create Customer Account' }).waitFor();
    expect(await seriousAxeViolations(page), 'create-customer dialog').toEqual([]);
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Admin Sign In' }).waitFor();
    expect(await seriousAxeViolations(page), '/admin-login').toEqual([]);
  });
});
