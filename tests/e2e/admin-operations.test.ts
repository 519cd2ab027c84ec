import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { applyCoupon, buyWithDemoCard, checkoutOneMonth, payAsGuest } from '../support/guest-purchase';
import { pictureWhenAsked, picturesAsked } from '../support/pictures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = 'operations-secret-1';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

interface Customer {
  context: BrowserContext;
  page: Page;
  email: string;
  orderId: string;
}

/** A registered customer, signed in in a browser of their own on a phone, who bought `packageId` with the demo card. */
async function customerWithOrder(browser: Browser, baseUrl: string, packageId: string, extra: Record<string, unknown> = {}): Promise<Customer> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: PHONE });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const email = uniqueEmail('operations');
  const registered = await page.request.post('/api/register', {
    data: { signupType: 'account', firstName: 'Rosa', lastName: 'Parks', email, phone: '+1 555 0100', password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const orderId = await buyWithDemoCard(page, { firstName: 'Rosa', lastName: 'Parks', email, packageId, deviceCount: '1', ...extra });
  return { context, page, email, orderId };
}

async function packageIds(page: Page) {
  const list = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
  return { oneMonth: list.find((pkg) => pkg.duration === '1 Month' && pkg.id !== 'streaming-box')!.id, box: 'streaming-box' };
}

/** The customer's account page once their subscription card is there (provisioning runs as a job); the page polls every 5 s. */
async function accountCard(customer: Customer) {
  await customer.page.goto('/account');
  const card = customer.page.getByTestId('subscription-card').first();
  await card.waitFor({ timeout: 30_000 });
  return card;
}

/** Opens /admin on `tab`, its list searched for `email` where it has a search, until `testId` shows a row of it. */
async function findInTab(page: Page, tab: string, email: string, testId: string) {
  const row = page.getByTestId(testId).filter({ hasText: email }).first();
  await expect
    .poll(
      async () => {
        await page.goto(`/admin?tab=${tab}`);
        const search = page.getByRole('searchbox').first();
        if (await search.isVisible().catch(() => false)) await search.fill(email);
        return row.waitFor({ timeout: 3000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000, interval: 0 },
    )
    .toBe(true);
  return row;
}

async function openOrder(page: Page, customer: Customer) {
  const row = await findInTab(page, 'orders', customer.email, 'order-row');
  await row.getByRole('button', { name: customer.orderId, exact: true }).click();
  const detail = page.getByTestId('order-detail');
  await detail.getByRole('region', { name: 'Payment' }).waitFor();
  return detail;
}

/** No sideways scrolling at a phone's and a laptop's width, and no serious or critical axe violation at either. */
async function checkLayout(page: Page, what: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    expect(await pageWidth(page), `${what} at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
    expect(await seriousAxeViolations(page), `${what} at ${viewport.width} px`).toEqual([]);
  }
}

/** Pictures of the page at a phone's and a laptop's width, when asked for (its resizes too). */
async function screenshot(page: Page, name: string) {
  if (!picturesAsked()) return;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(250);
    await pictureWhenAsked(page, `${name}-${viewport.width}`, { fullPage: true });
  }
}

describe('running the store from the admin pages', () => {
  const b = useBrowser();

  it("marks a gift card delivered from the order's detail; the customer's account lists it received", { timeout: 180_000 }, async () => {
    const { page, context, baseUrl } = b;
    const customer = await customerWithOrder(context.browser()!, baseUrl, (await packageIds(page)).oneMonth);
    try {
      await adminSignIn(page);
      const detail = await openOrder(page, customer);
      expect(await detail.getByRole('region', { name: 'Payment' }).textContent()).toContain('Amazon, $10.00 (owed)');
      await screenshot(page, 'order-detail');
      await checkLayout(page, 'order detail');
      await detail.getByRole('button', { name: /^Mark Gift Card Delivered/ }).click();
      await toast(page, 'Gift Card Delivered').waitFor();
      await expect.poll(() => detail.getByRole('region', { name: 'Payment' }).textContent()).toContain('Amazon, $10.00 (delivered)');
      await detail.getByRole('region', { name: 'Audit' }).getByText('store-owner', { exact: true }).waitFor();

      // Marked today, so it can be taken back: the card is owed again.
      await detail.getByRole('button', { name: /^Undo Gift Card Delivery/ }).click();
      await toast(page, 'Gift Card Delivery Undone').waitFor();
      await expect.poll(() => detail.getByRole('region', { name: 'Payment' }).textContent()).toContain('Amazon, $10.00 (owed)');

      // Delivered again from the Gift Cards tab, with its code and a note.
      const owed = await findInTab(page, 'gift-cards', customer.orderId, 'owed-gift-card');
      await owed.getByRole('button', { name: /^Mark Delivered/ }).click();
      const delivery = page.getByRole('dialog', { name: 'Deliver Gift Card' });
      await delivery.getByLabel('Gift card code (optional)').fill('AMZN-4242-XYZW-7788');
      await delivery.getByLabel('Note for the admins (optional)').fill('Sent from the Amazon business account');
      await checkLayout(page, 'gift card delivery dialog');
      await delivery.getByRole('button', { name: 'Mark Delivered' }).click();
      await toast(page, 'Gift Card Delivered').waitFor();
      await delivery.waitFor({ state: 'detached' });

      await customer.page.goto('/account');
      const received = customer.page.getByTestId('gift-cards-received');
      await received.getByText('Amazon', { exact: true }).waitFor();
      expect(await received.textContent()).toContain('$10.00');
      expect(await received.textContent()).toContain('Code: AMZN-4242-XYZW-7788');
      await checkLayout(customer.page, 'account with a gift card code');
    } finally {
      await customer.context.close();
    }
  });

  it("ships a streaming box with a tracking number; the customer's account shows it", { timeout: 180_000 }, async () => {
    const { page, context, baseUrl } = b;
    const customer = await customerWithOrder(context.browser()!, baseUrl, 'streaming-box', {
      shippingAddress: '1 Main St',
      shippingCity: 'Austin',
      shippingState: 'TX',
      shippingZip: '73301',
      shippingCountry: 'US',
    });
    // A UPS number's shape: 1Z and 16 letters or digits.
    const tracking = `1Z999AA1${String(Date.now()).slice(-10)}`;
    try {
      await adminSignIn(page);
      const row = await findInTab(page, 'shipments', customer.email, 'box-order');
      await checkLayout(page, 'shipments tab');
      await row.getByRole('button', { name: /^Update Shipment/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Shipment' });
      await dialog.getByText('Ship to: 1 Main St', { exact: false }).waitFor();
      await checkLayout(page, 'shipment dialog');
      await dialog.getByLabel('Status').click();
      await page.getByRole('option', { name: 'shipped', exact: true }).click();
      await dialog.getByLabel('Tracking number').fill(tracking);
      await dialog.getByRole('button', { name: 'Save Shipment' }).click();
      await toast(page, 'Shipment Saved').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const upsPage = `https://www.ups.com/track?tracknum=${tracking}`;
      const listed = await findInTab(page, 'shipments', customer.email, 'box-order');
      const listedLink = listed.getByRole('link', { name: `${tracking} (track with UPS, opens in a new tab)` });
      expect(await listedLink.getAttribute('href')).toBe(upsPage);
      expect(await listedLink.getAttribute('target')).toBe('_blank');
      await checkLayout(page, 'shipments tab with a tracking link');

      // The box is not activated yet: no expiry anywhere, 'Starts on activation' instead.
      const detail = await openOrder(page, customer);
      const subscription = detail.getByRole('region', { name: 'Subscription' });
      await expect.poll(() => subscription.textContent()).toContain('Starts on activation');
      expect(await detail.getByRole('region', { name: 'Shipment' }).getByRole('link', { name: new RegExp(`^${tracking}`) }).getAttribute('href')).toBe(upsPage);
      await checkLayout(page, 'order detail of a shipped box');
      await page.goto('/admin-dashboard');
      await page.getByRole('searchbox', { name: 'Search customer subscriptions' }).fill(customer.email);
      const boxRow = page.getByTestId('customer-row').filter({ hasText: customer.email }).first();
      await boxRow.waitFor();
      expect(await boxRow.textContent()).toContain('Starts on activation');
      await checkLayout(page, '/admin-dashboard with a box waiting for activation');

      const card = await accountCard(customer);
      await card.getByText(tracking, { exact: true }).waitFor({ timeout: 15_000 });
      expect(await card.textContent()).toMatch(/Streaming box: shipped via UPS, tracking/);
      expect(await card.getByRole('link', { name: new RegExp(`^${tracking}`) }).getAttribute('href')).toBe(upsPage);
      expect(await card.getByTestId('expiry-date').textContent()).toBe('Starts on activation');
      await checkLayout(customer.page, 'account with a shipped box');
    } finally {
      await customer.context.close();
    }
  });

  it("asks before Create Customer Account moves an order of another address, naming its owner masked", { timeout: 180_000 }, async () => {
    const { page, context, baseUrl } = b;
    const customer = await customerWithOrder(context.browser()!, baseUrl, (await packageIds(page)).oneMonth);
    const newAddress = uniqueEmail('moved-to');
    try {
      await adminSignIn(page);
      await page.goto('/admin-dashboard');
      await page.getByRole('button', { name: 'Create Customer Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Customer Account' });
      await dialog.getByLabel('First Name').fill('Mona');
      await dialog.getByLabel('Last Name').fill('Lisa');
      await dialog.getByLabel('Email').fill(newAddress);
      await dialog.getByLabel('Order ID').fill(customer.orderId);
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      const question = dialog.getByRole('alert');
      await question.getByText('This order belongs to o***@example.com').waitFor();
      await checkLayout(page, 'create-customer move question');
      await dialog.getByRole('button', { name: `Move order to ${newAddress}` }).click();
      await toast(page, 'Customer Account Created').waitFor();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await customer.context.close();
    }
  });

  it('refunds part of a paid order, then the rest, after asking; the admin page and the customer see it cancelled', { timeout: 180_000 }, async () => {
    const { page, context, baseUrl } = b;
    const customer = await customerWithOrder(context.browser()!, baseUrl, (await packageIds(page)).oneMonth);
    try {
      // The subscription exists (and has its logins) before the refund ends it.
      await (await accountCard(customer)).getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
      await adminSignIn(page);
      let detail = await openOrder(page, customer);
      await detail.getByRole('button', { name: /^Refund/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Refund this order?' });
      await confirm.waitFor();
      await checkLayout(page, 'refund confirmation');
      // Nothing happens until the admin confirms.
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await detail.getByTestId('payment-status').textContent()).toBe('completed');

      // First $5.00 of it, with a note: the order stays paid, the refund is listed in its detail.
      await detail.getByRole('button', { name: /^Refund/ }).click();
      const amount = confirm.getByLabel('Amount');
      expect(await amount.inputValue()).toBe('15.99');
      await amount.fill('20.00');
      await confirm.getByRole('button', { name: 'Refund $15.99' }).click();
      await confirm.getByText(`At most $15.99 is left to refund on ${customer.orderId}`).waitFor();
      await amount.fill('5.00');
      await confirm.getByLabel('Note (optional)').fill('Two days without service, refunded as goodwill');
      await checkLayout(page, 'refund dialog with an amount and a note');
      await confirm.getByRole('button', { name: 'Refund $5.00' }).click();
      await toast(page, 'Partly Refunded').waitFor();
      await confirm.waitFor({ state: 'detached' });
      const refunds = detail.getByRole('list', { name: 'Refunds' });
      await expect.poll(() => refunds.textContent()).toContain('Two days without service');
      expect(await refunds.textContent()).toContain('$5.00');
      // Still paid (its subscription runs, decision 0036), read as partly refunded.
      await expect.poll(() => detail.getByTestId('payment-status').innerText()).toBe('Partly Refunded');
      expect(await detail.getByRole('region', { name: 'Subscription' }).getByTestId('admin-status').textContent()).toBe('active');
      await checkLayout(page, 'order detail with a partial refund');
      await screenshot(page, 'order-detail-partial-refund');

      // The orders list reads it the same, under a first column with a visible header. (Escape
      // would close the refund's toast first, the top layer: the dialog is closed by its button.)
      await detail.getByRole('button', { name: 'Close', exact: true }).click();
      await detail.waitFor({ state: 'detached' });
      const listed = page.getByTestId('order-row').filter({ hasText: customer.orderId });
      await expect.poll(() => listed.getByTestId('payment-status').innerText()).toBe('Partly Refunded');
      await checkLayout(page, 'orders list with a partly refunded order');
      expect(await page.getByRole('columnheader', { name: 'Order', exact: true }).isVisible()).toBe(true);
      // "Partly Refunded" is the longest status: beside the navigation the table still fits its box.
      const table = page.getByRole('region', { name: 'Orders table' });
      expect(await table.evaluate((box) => box.scrollWidth - box.clientWidth), 'orders table overflow at 1280 px').toBeLessThanOrEqual(0);
      detail = await openOrder(page, customer);

      // Then the rest: the order is refunded and its service ends.
      await detail.getByRole('button', { name: /^Refund/ }).click();
      expect(await confirm.getByLabel('Amount').inputValue()).toBe('10.99');
      await confirm.getByRole('button', { name: 'Refund $10.99' }).click();
      await page.locator('[data-variant]').getByText(`Order ${customer.orderId} refunded`, { exact: true }).waitFor();
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => detail.getByTestId('payment-status').textContent()).toBe('refunded');
      await expect.poll(() => detail.getByRole('region', { name: 'Subscription' }).getByTestId('admin-status').textContent()).toBe('cancelled');
      await page.keyboard.press('Escape');
      const row = page.getByTestId('order-row').filter({ hasText: customer.orderId });
      await expect.poll(() => row.getByTestId('payment-status').textContent()).toBe('refunded');
      detail = await openOrder(page, customer);
      expect(await detail.getByRole('button', { name: /^Refund/ }).count()).toBe(0);

      await customer.page.goto('/account');
      await expect.poll(() => customer.page.getByTestId('subscription-status').first().textContent(), { timeout: 15_000 }).toMatch(/cancelled/i);
    } finally {
      await customer.context.close();
    }
  });

  it('refunds a part-paid crypto order by what arrived: the reason and the dialog say "Received $7.99 of $15.99"', { timeout: 180_000 }, async () => {
    const { page } = b;
    const email = uniqueEmail('part-paid');
    const created = await page.request.post('/api/create-crypto-payment', {
      data: {
        packageId: (await packageIds(page)).oneMonth,
        customerData: { firstName: 'Satoshi', lastName: 'Nakamoto', email, phone: '' },
        paymentCurrency: 'usdc',
        deviceCount: '1',
        couponCode: '',
        selectedGiftCard: 'Amazon',
      },
    });
    expect(created.status()).toBe(200);
    const { orderId, paymentId } = (await created.json()) as { orderId: string; paymentId: string };
    // The demo buyer sends half of 15.99 USDC, rounded down.
    const simulated = await page.request.post(`/api/demo/crypto-payments/${paymentId}/simulate`, { data: { status: 'partially_paid' } });
    expect(simulated.status()).toBe(200);

    await adminSignIn(page);
    await page.goto('/admin?tab=review');
    const held = page.getByTestId('review-order').filter({ hasText: orderId });
    await held.waitFor();
    expect(await held.getByTestId('review-reason').textContent()).toContain('received $7.99 of $15.99');
    await held.getByRole('button', { name: /^Refund/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund this order?' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('refund-received').textContent()).toBe('Received $7.99 of $15.99: only what arrived can go back.');
    expect(await confirm.getByLabel('Amount').inputValue()).toBe('7.99');
    await confirm.getByLabel('How it was refunded').fill('Sent 7.99 USDC back to the sending wallet');
    await checkLayout(page, 'refund dialog of a part-paid crypto order');
    await screenshot(page, 'refund-dialog-part-paid');
    await confirm.getByRole('button', { name: 'Refund $7.99' }).click();
    await page.locator('[data-variant]').getByText(`Order ${orderId} refunded`, { exact: true }).waitFor();
    await held.waitFor({ state: 'detached' });
  });

  it('creates a fixed-amount coupon that a buyer then uses at checkout, with the discount and total right', { timeout: 180_000 }, async () => {
    const { page, context, baseUrl } = b;
    const code = `FIVE${Date.now() % 1_000_000}`;
    await adminSignIn(page);
    await page.goto('/admin?tab=coupons');
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Coupon' });
    await dialog.getByLabel('Code').fill('<SCRIPT>');
    await dialog.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Fixed amount' }).click();
    await dialog.getByLabel('Description').fill('Five dollars off');
    await dialog.getByLabel('Value (percent or amount)').fill('5');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    // A code with markup is refused under its field, before it reaches the server.
    await dialog.getByText('Coupon code may contain only letters A-Z, digits, - and _').waitFor();
    await checkLayout(page, 'New Coupon with a refused code');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await toast(page, 'Coupon Created').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const email = uniqueEmail('coupon-buyer');
    const buyer = await context.browser()!.newContext({ baseURL: baseUrl, viewport: PHONE });
    let orderId: string;
    try {
      const shop = await buyer.newPage();
      await checkoutOneMonth(shop);
      await applyCoupon(shop, code);
      await shop.getByTestId('applied-coupon').getByText('Five dollars off').waitFor();
      expect(await shop.getByTestId('summary-discount').textContent()).toBe('-$5.00');
      expect(await shop.getByTestId('summary-total').textContent()).toBe('$10.99');
      orderId = await payAsGuest(shop, { firstName: 'Dorothy', lastName: 'Vaughan', email, giftCard: 'Target' }, 'Pay $10.99');
    } finally {
      await buyer.close();
    }

    // The server charged what the page showed, and the order keeps the coupon.
    const detail = await openOrder(page, { email, orderId } as Customer);
    const payment = await detail.getByRole('region', { name: 'Payment' }).textContent();
    expect(payment).toContain(`${code} (−$5.00)`);
    expect(payment).toContain('$15.99');
    expect(payment).toContain('$10.99');
  });

  it('exports a date range with the phone and tracking columns, reads the audit log as sentences filtered by admin and action, and searches the outbox by recipient', { timeout: 240_000 }, async () => {
    const { page, context, baseUrl } = b;
    const customer = await customerWithOrder(context.browser()!, baseUrl, (await packageIds(page)).oneMonth);
    // The store's zone in these tests is UTC: today's day as the export's range.
    const today = new Date().toISOString().slice(0, 10);
    try {
      await adminSignIn(page);

      await page.goto('/admin?tab=exports');
      await page.getByLabel('From', { exact: true }).fill(today);
      await page.getByLabel('To', { exact: true }).fill(today);
      await page.waitForURL((url) => url.searchParams.get('from') === today && url.searchParams.get('to') === today);
      const orders = page.getByRole('link', { name: 'Download Orders CSV' });
      expect(await orders.getAttribute('href')).toBe(`/api/admin/export/orders.csv?from=${today}&to=${today}`);
      await screenshot(page, 'exports-tab');
      await checkLayout(page, 'exports tab with a date range');
      const csv = await page.request.get((await orders.getAttribute('href'))!);
      expect(csv.status()).toBe(200);
      const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toContain('Email,Phone,Package');
      expect(header!.endsWith('Shipping address,Carrier,Tracking number')).toBe(true);
      // The phone the buyer gave, neutralised as text so a spreadsheet runs no formula from it.
      expect(rows.find((row) => row.startsWith(`${customer.orderId},`))).toContain(`${customer.email},'+1 555 0100,`);
      const earlier = await page.request.get('/api/admin/export/orders.csv?to=2000-01-01');
      expect((await earlier.text()).replace(/^\uFEFF/, '').split('\r\n').filter(Boolean)).toHaveLength(1);
      // Dates the wrong way round are said on the page, and nothing downloads.
      await page.getByLabel('From', { exact: true }).fill('2999-01-01');
      await page.getByRole('alert').filter({ hasText: 'From must be on or before To' }).waitFor();
      expect(await page.getByRole('button', { name: 'Download Orders CSV' }).isDisabled()).toBe(true);

      await page.goto('/admin?tab=audit');
      await page.getByTestId('audit-entry').first().waitFor();
      await page.getByLabel('Admin (username)', { exact: true }).fill('store-owner');
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'CSV export' }).click();
      await page.waitForURL((url) => url.searchParams.get('actor') === 'store-owner' && url.searchParams.get('action') === 'export.download');
      // A reload keeps the filters.
      await page.reload();
      expect(await page.getByLabel('Admin (username)', { exact: true }).inputValue()).toBe('store-owner');
      const exported = page.getByTestId('audit-entry').filter({ hasText: `Downloaded the orders CSV of ${today} to ${today}` }).first();
      await exported.waitFor();
      expect((await page.getByTestId('audit-sentence').allTextContents()).every((sentence) => sentence.startsWith('Downloaded the '))).toBe(true);
      await exported.getByText('Details').click();
      // The raw fields, as the database keeps them (jsonb orders the keys its own way).
      await exported.getByText(new RegExp(`^filters: \\{.*"from":"${today}"`)).waitFor();
      await screenshot(page, 'audit-log');
      await checkLayout(page, 'audit log filtered, an entry open');

      await page.goto(`/admin?tab=outbox&recipient=${encodeURIComponent(customer.email.toUpperCase())}`);
      const mails = page.getByTestId('outbox-mail');
      await mails.first().waitFor();
      expect(new Set(await mails.locator('summary').getByText(/^to /).allTextContents())).toEqual(new Set([`to ${customer.email}`]));
      await page.getByRole('searchbox', { name: 'Recipient' }).fill('nobody-at-all');
      await page.getByText('No Matching Emails').waitFor();
      await page.getByRole('searchbox', { name: 'Recipient' }).fill(customer.email.slice(0, 20));
      await mails.first().waitFor();
      await screenshot(page, 'outbox');
      await checkLayout(page, 'outbox searched by recipient');
    } finally {
      await customer.context.close();
    }
  });

  it('fits every new tab on a phone and a laptop with no serious accessibility violations', { timeout: 240_000 }, async () => {
    const { page } = b;
    await adminSignIn(page);
    const ready: Record<string, string> = {
      orders: '[data-testid="order-row"], main :text("No Orders")',
      review: '[data-testid="review-order"], main :text("Nothing Needs Review")',
      shipments: '[data-testid="box-order"], main :text("No Boxes to Ship")',
      packages: '[data-testid="admin-package"]',
      revenue: 'svg[role="img"]',
      exports: 'main a[download]',
      audit: '[data-testid="audit-entry"], main :text("No Admin Changes Yet")',
      outbox: '[data-testid="outbox-mail"], main :text("Outbox Empty")',
    };
    for (const [tab, selector] of Object.entries(ready)) {
      await page.setViewportSize(DESKTOP);
      await page.goto(`/admin?tab=${tab}`);
      await page.locator(selector).first().waitFor();
      if (tab === 'orders') await screenshot(page, 'orders-tab');
      await checkLayout(page, `${tab} tab`);
    }

    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByText('Customer Subscription Management').waitFor();
    await checkLayout(page, '/admin-dashboard with the section links');
    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Packages' }).click();
    await page.getByTestId('admin-package').first().waitFor();
    await page.getByTestId('admin-package').first().getByRole('button', { name: /^Edit/ }).click();
    await page.getByRole('dialog', { name: 'Edit Package' }).waitFor();
    await checkLayout(page, 'package dialog');
  });
});
