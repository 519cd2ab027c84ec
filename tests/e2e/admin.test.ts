import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { latestMailLinks, useBrowser } from '../support/browser';
import { applyCoupon, buyAsGuest, buyWithDemoCard, checkoutOneMonth, payAsGuest } from '../support/guest-purchase';
import { pictureWhenAsked } from '../support/pictures';

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

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

/** Every section of /admin, what shows once it has loaded, and its rows (whose actions must stay on a phone's screen). */
const SECTIONS: Array<{ tab: string; ready: string; rows?: string }> = [
  { tab: 'orders', ready: '[data-testid="order-row"]', rows: '[data-testid="order-row"]' },
  { tab: 'review', ready: '[data-testid="review-order"], main :text("Nothing Needs Review")', rows: '[data-testid="review-order"]' },
  { tab: 'notifications', ready: '[data-testid="purchase-notification"]', rows: '[data-testid="purchase-notification"]' },
  { tab: 'revenue', ready: 'main svg[role="img"]' },
  { tab: 'gift-cards', ready: '[data-testid="owed-gift-card"]', rows: '[data-testid="owed-gift-card"]' },
  { tab: 'shipments', ready: '[data-testid="box-order"]', rows: '[data-testid="box-order"]' },
  { tab: 'packages', ready: '[data-testid="admin-package"]', rows: '[data-testid="admin-package"]' },
  { tab: 'coupons', ready: '[data-testid="admin-coupon"], main :text("No Coupons")', rows: '[data-testid="admin-coupon"]' },
  { tab: 'customers', ready: '[data-testid="customer-record"]', rows: '[data-testid="customer-record"]' },
  { tab: 'exports', ready: 'main a[download]', rows: 'main ul[aria-label="Exports"] > li' },
  { tab: 'audit', ready: '[data-testid="audit-entry"]', rows: '[data-testid="audit-entry"]' },
  { tab: 'outbox', ready: '[data-testid="outbox-mail"]', rows: '[data-testid="outbox-mail"]' },
];

/**
 * On a phone: each of the first rows fits the screen's width, and every button and link in it
 * lies within the screen once scrolled to vertically (none off to the right of a wide table).
 */
async function rowActionsOnScreen(page: Page, rows: string, what: string) {
  const list = page.locator(rows);
  const count = Math.min(await list.count(), 4);
  expect(count, `${what}: rows`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const row = list.nth(index);
    const box = (await row.boundingBox())!;
    expect(box.x + box.width, `${what}: row ${index} right edge`).toBeLessThanOrEqual(PHONE.width);
    const actions = row.locator('button:visible, a[href]:visible');
    for (let action = 0; action < (await actions.count()); action += 1) {
      const control = actions.nth(action);
      await control.scrollIntoViewIfNeeded();
      const place = (await control.boundingBox())!;
      const name = `${what}: row ${index} '${(await control.textContent())?.trim()}'`;
      expect(place.x, name).toBeGreaterThanOrEqual(0);
      expect(place.x + place.width, name).toBeLessThanOrEqual(PHONE.width);
      expect(place.y, name).toBeGreaterThanOrEqual(0);
      expect(place.y + place.height, name).toBeLessThanOrEqual(PHONE.height);
    }
  }
}

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

    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Purchase Notifications' }).click();
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
      await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Gift Cards' }).click();
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
    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Coupons' }).click();
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Coupon' });
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Description').fill('Half price for the test');
    await dialog.getByLabel('Value (percent or amount)').fill('150');
    await dialog.getByLabel('Usage limit (optional)').fill('3');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    // The server's rule comes back word for word, and what was typed stays for correcting.
    await page.locator('[data-variant="destructive"]').getByText("A percentage coupon's value must be at most 100").waitFor();
    await dialog.getByLabel('Value (percent or amount)').fill('50');
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
          await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Coupons' }).click();
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
    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Gift Cards' }).click();
    await page.getByTestId('owed-gift-card').filter({ hasText: owedOrder }).waitFor();
    expect(await seriousAxeViolations(page), 'gift cards tab').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    expect(await pageWidth(page), 'gift cards tab at 390 px').toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Coupons' }).click();
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

  it('finds each of the twelve sections in a grouped navigation, beside the page on a laptop and behind Menu on a phone, with reload and back keeping section and filters, and every list as cards with its actions on screen at 390 px', { timeout: 300_000 }, async () => {
    const { page } = b;
    const stamp = Date.now();
    const email = `cards-${stamp}-a-rather-long-address-for-a-phone@example.com`;
    const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
    const orderId = await buyWithDemoCard(page, { firstName: 'Phone', lastName: 'Cards', email, packageId: packages.find((pkg) => pkg.duration === '1 Month')!.id, deviceCount: '2' });
    await buyWithDemoCard(page, {
      firstName: 'Box',
      lastName: 'Buyer',
      email: `box-${stamp}@example.com`,
      packageId: 'streaming-box',
      deviceCount: '1',
      shippingAddress: '1 Main St',
      shippingCity: 'Austin',
      shippingState: 'TX',
      shippingZip: '73301',
      shippingCountry: 'US',
    });
    await adminSignIn(page);
    // Provisioning is a background job: wait for the subscription, so the customer lists have it.
    await findCustomer(page, email, 'customer-record');

    // A laptop: the side navigation, its five groups, no Menu button.
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Store operations' });
    // The navigation waits for the session behind the gate; expect.poll alone gives up after 1 s.
    await nav.getByRole('link', { name: 'Customer Subscriptions' }).waitFor();
    await expect.poll(() => nav.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Sales', 'Fulfilment', 'Catalog', 'Customers', 'System']);
    expect(await nav.getByRole('link', { name: 'Customer Subscriptions' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

    // Each section its own address; reload keeps it and its search, back returns to the section before.
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL((url) => url.search === '?tab=orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(email);
    await page.waitForURL((url) => url.searchParams.get('q') === email);
    await page.getByRole('checkbox', { name: 'Needs review only' }).check();
    await page.waitForURL((url) => url.searchParams.get('review') === '1');
    await page.getByText('Nothing matches this search.').waitFor();
    await page.reload();
    await page.getByText('Nothing matches this search.').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Needs review only' }).isChecked()).toBe(true);
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(email);
    await page.goBack();
    await page.getByTestId('order-row').filter({ hasText: orderId }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Needs review only' }).isChecked()).toBe(false);
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(email);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '');
    expect(await nav.getByRole('link', { name: 'Customer Subscriptions' }).getAttribute('aria-current')).toBe('page');

    // A phone: the same links behind Menu; Escape closes it, a link goes to its section.
    await page.setViewportSize(PHONE);
    await page.goto('/admin?tab=orders');
    await page.getByTestId('order-row').first().waitFor();
    expect(await nav.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const sheet = page.getByRole('dialog', { name: 'Admin sections' });
    await sheet.getByRole('link', { name: 'Orders' }).waitFor();
    await page.waitForTimeout(250);
    expect(await seriousAxeViolations(page), 'menu at 390 px').toEqual([]);
    expect(await pageWidth(page), 'menu at 390 px').toBeLessThanOrEqual(PHONE.width);
    await pictureWhenAsked(page, 'navigation-390');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    await menu.click();
    await sheet.getByRole('link', { name: /^Shipments/ }).click();
    await page.waitForURL((url) => url.search === '?tab=shipments');
    await page.getByTestId('box-order').first().waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.search === '?tab=orders');

    // A tablet: still the Menu, and the orders as a table scrolling in its own box, the page no wider than the screen.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto('/admin?tab=orders');
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await page.getByRole('columnheader', { name: 'Placed' }).isVisible()).toBe(true);
    expect(await pageWidth(page), '/admin?tab=orders at 820 px').toBeLessThanOrEqual(820);
    expect(await seriousAxeViolations(page), '/admin?tab=orders at 820 px').toEqual([]);

    // Every section at both widths: no sideways scrolling, axe clean, and on the phone each row's actions on screen.
    for (const section of SECTIONS) {
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(`/admin?tab=${section.tab}`);
        await page.locator(section.ready).first().waitFor();
        await page.waitForTimeout(250);
        const what = `/admin?tab=${section.tab} at ${viewport.width} px`;
        expect(await pageWidth(page), what).toBeLessThanOrEqual(viewport.width);
        expect(await seriousAxeViolations(page), what).toEqual([]);
        if (viewport === PHONE && section.rows && (await page.locator(section.rows).count()) > 0) await rowActionsOnScreen(page, section.rows, what);
        if (section.tab === 'orders' && viewport === LAPTOP) {
          // Beside the side navigation the orders fit their box: nothing to scroll sideways for.
          const table = page.getByRole('region', { name: 'Orders table' });
          expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth), 'orders table overflow at 1280 px').toBeLessThanOrEqual(0);
          await pictureWhenAsked(page, 'orders-list-1280');
        }
      }
    }
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/admin-dashboard');
      const row = await findCustomer(page, email, 'customer-row');
      await page.waitForTimeout(250);
      const what = `/admin-dashboard at ${viewport.width} px`;
      expect(await pageWidth(page), what).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(page), what).toEqual([]);
      // On the laptop the wide table scrolls in its box, its 'View Credentials' held in sight at the box's right edge.
      const credentials = (await row.getByRole('button', { name: 'View Credentials' }).boundingBox())!;
      expect(credentials.x + credentials.width, `${what}: View Credentials`).toBeLessThanOrEqual(viewport.width);
      if (viewport === PHONE) {
        await rowActionsOnScreen(page, '[data-testid="customer-row"]', what);
        expect(await row.getByRole('button', { name: 'View Credentials' }).isVisible()).toBe(true);
        await row.scrollIntoViewIfNeeded();
        await pictureWhenAsked(page, 'admin-dashboard-390');
      }
    }

    // The pictures the owner asked for: the orders list, the navigation (above) and an order's detail at 390 px.
    await page.goto('/admin?tab=orders');
    const row = page.getByTestId('order-row').filter({ hasText: orderId });
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    await pictureWhenAsked(page, 'orders-list-390');
    await row.getByRole('button', { name: `View order ${orderId}` }).click();
    const detail = page.getByTestId('order-detail');
    await detail.getByRole('region', { name: 'Payment' }).waitFor();
    await page.waitForTimeout(250);
    expect(await seriousAxeViolations(page), 'order detail at 390 px').toEqual([]);
    expect(await pageWidth(page), 'order detail at 390 px').toBeLessThanOrEqual(PHONE.width);
    await pictureWhenAsked(page, 'order-detail-390');
  });
});
