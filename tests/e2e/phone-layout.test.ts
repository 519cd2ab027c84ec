import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { buyWithDemoCard } from '../support/guest-purchase';

/**
 * Every customer route of the spec, with real data, fits the screen from 320 to 1024 px
 * wide, and neither it nor any of its dialogs has a serious or critical axe-core violation
 * (decision 0014). One page is resized rather than reopened, to keep it quick.
 */
const WIDTHS = [320, 360, 390, 768, 1024];

/** The widths at which the page scrolls sideways, with the page's width there. */
async function overflows(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const scrollWidth = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth))));
    if (scrollWidth > width) wide.push(`${width} px wide: ${scrollWidth} px, past the edge: ${await widestElements(page, width)}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  return wide;
}

/** The innermost elements that reach past the right edge, to name what to fix. */
function widestElements(page: Page, width: number): Promise<string> {
  return page.evaluate((edge) => {
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > edge + 1);
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return innermost
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">${(element.textContent ?? '').slice(0, 40)}`)
      .join(' | ');
  }, width);
}

/** The route fits every width, and axe finds nothing serious at phone width. */
async function expectFitsAndAccessible(page: Page, route: string): Promise<void> {
  expect({ route, overflows: await overflows(page) }).toEqual({ route, overflows: [] });
  expect({ route, violations: await seriousAxeViolations(page) }).toEqual({ route, violations: [] });
}

async function expectDialogAccessible(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('dialog', { name }).waitFor();
  const dialog = String(name);
  expect({ dialog, violations: await seriousAxeViolations(page) }).toEqual({ dialog, violations: [] });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name }).waitFor({ state: 'detached' });
}

const LONG_EMAIL = () => `maximilian.featherstonehaugh-wolfeschlegel.${Date.now()}@subscribers.streaming-example-company.com`;

describe('the store on a phone', () => {
  const b = useBrowser({ viewport: { width: 390, height: 844 } });

  it("fits and passes axe on a guest's routes and dialogs, with no console errors", async () => {
    const { page } = b;
    const consoleErrors: string[] = [];
    const failedRequests: string[] = [];
    // Chromium logs every answer of 400 or more as 'Failed to load resource'; which ones
    // failed is checked below, by address, so nothing else may log an error.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });

    await page.goto('/');
    await page.locator('[data-testid^="package-"]:not([data-testid="package-skeleton"])').first().waitFor();
    await expectFitsAndAccessible(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectDialogAccessible(page, 'Menu');
    // Radix gives focus back a task after the dialog leaves the page, so wait for it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
    await page.getByRole('button', { name: 'How to redeem' }).click();
    await expectDialogAccessible(page, 'How to redeem your cash back e-gift card');

    await page.getByRole('button', { name: 'Choose Streaming Box' }).click();
    await page.getByRole('dialog', { name: 'Shopping Cart' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Proceed to Checkout');
    await expectDialogAccessible(page, 'Shopping Cart');
    expect(await page.getByRole('button', { name: 'Cart, 1 item' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Shipping Information' }).waitFor();
    expect(await page.title()).toBe('Checkout | StreamPlus');
    await expectFitsAndAccessible(page, '/checkout (streaming box)');

    await page.evaluate(() => localStorage.removeItem('cart-storage'));
    await page.goto('/checkout?trial=true');
    await page.getByRole('heading', { name: 'Start Your Free Trial' }).waitFor();
    await expectFitsAndAccessible(page, '/checkout?trial=true');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await expectFitsAndAccessible(page, '/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expectDialogAccessible(page, 'Reset your password');

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await expectFitsAndAccessible(page, '/register');

    const email = LONG_EMAIL();
    await page.goto(`/password-setup?${new URLSearchParams({ email, orderId: 'SP-1795426612083-977050' })}`);
    await page.getByTestId('setup-email').waitFor();
    await expectFitsAndAccessible(page, '/password-setup');

    await page.goto('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    await expectFitsAndAccessible(page, '404');

    // A bad setup link is refused with a toast on the landing page: both must pass too.
    await page.goto('/setup/not-a-real-token');
    await page.locator('[data-variant="destructive"]').getByText('Invalid Setup Link', { exact: true }).waitFor();
    await expectFitsAndAccessible(page, '/setup/<bad token>');

    expect(consoleErrors).toEqual([]);
    // Only the two pages that are about something missing answered an error (a guest's
    // GET /api/auth/me is 200 null, not a 401).
    expect(failedRequests).toEqual(['404 /no-such-page', '404 /api/setup/not-a-real-token']);
  });

  it("fits and passes axe on a customer's account with a trial, a 4-device subscription, a streaming box and received gift cards, and on their payment steps", async () => {
    const { page } = b;
    const email = LONG_EMAIL();
    await page.goto('/');
    const names = { firstName: 'Maximilian', lastName: 'Featherstonehaugh-Wolfeschlegel', email };
    const trial = await page.request.post('/api/register-trial', { data: { signupType: 'trial', ...names, password: 'secret-pass', confirmPassword: 'secret-pass' } });
    expect(trial.status()).toBe(201);
    const packages = (await (await page.request.get('/api/packages')).json()) as Array<{ id: string; duration: string }>;
    const month = packages.find((pkg) => pkg.duration === '1 Month')!;
    const monthOrder = await buyWithDemoCard(page, { ...names, packageId: month.id, deviceCount: '4' });
    const boxOrder = await buyWithDemoCard(page, {
      ...names,
      packageId: 'streaming-box',
      deviceCount: '1',
      shippingAddress: '1234 Long Boulevard Apartment 5678',
      shippingCity: 'Saint-Jean-sur-Richelieu',
      shippingState: 'QC',
      shippingZip: 'J3B 1A1',
      shippingCountry: 'CA',
    });
    // The store owner has sent both cashback gift cards, so the account lists them as received.
    expect((await page.request.post('/api/admin/login', { data: E2E_ADMIN })).status()).toBe(200);
    for (const orderId of [monthOrder, boxOrder]) {
      const marked = () => page.request.post(`/api/admin/orders/${orderId}/gift-card`, { data: { delivered: true } }).then((response) => response.status());
      await expect.poll(marked, { timeout: 30_000 }).toBe(200);
    }

    // Signed in: the header leads to the account, and /login and /register do too.
    await page.goto('/');
    await page.getByRole('link', { name: 'Account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await expectFitsAndAccessible(page, '/ (signed in)');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/login');
    await page.waitForURL('**/account');
    await page.goto('/register');
    await page.waitForURL('**/account');

    const cards = page.getByTestId('subscription-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('device-credential').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    await expect.poll(() => page.getByTestId('gift-cards-received').getByRole('listitem').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.title()).toBe('My Account | StreamPlus');
    await expectFitsAndAccessible(page, '/account');
    await page.getByRole('button', { name: 'Show playlist QR code' }).first().click();
    await page.getByRole('img', { name: /QR code of the playlist URL/ }).waitFor();
    await expectDialogAccessible(page, / playlist$/);
    await page.locator('button:enabled', { hasText: /^Renew$/ }).first().click();
    await page.getByRole('dialog', { name: 'Renew Subscription' }).getByLabel('Package').waitFor();
    await expectDialogAccessible(page, 'Renew Subscription');

    await page.goto('/');
    await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Gift Card', { exact: true }).click();
    await page.getByRole('option', { name: 'Target', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByText('Demo mode: no real charge').waitFor();
    await expectFitsAndAccessible(page, '/checkout (card step)');

    await page.getByRole('button', { name: 'Edit details' }).click();
    await page.getByText('Cryptocurrency', { exact: true }).click();
    await page.getByRole('button', { name: 'Pay with USDC' }).click();
    await page.getByRole('img', { name: 'QR code of the payment address' }).waitFor();
    await expectFitsAndAccessible(page, '/checkout (crypto step)');
  });
});
