import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

describe('the storefront in a browser', () => {
  const b = useBrowser();

  it('shows the landing page with packages from the database, free trial first', async () => {
    const { page } = b;
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Premium IPTV');
    const cards = page.locator('[data-testid^="package-"]:not([data-testid="package-skeleton"])');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const first = cards.first();
    expect(await first.textContent()).toContain('FREE TRIAL');
    expect(await first.textContent()).toContain('of full access - No credit card required!');
    await expect.poll(() => page.getByText('Most Popular').count()).toBe(1);
    // The sections under the packages and the footer come in their own chunk (decision 0082): waited for, not raced.
    await expect.poll(() => page.getByText('© 2025 StreamPlus').count()).toBe(1);
    for (const id of ['packages', 'features', 'support']) await expect.poll(() => page.locator(`#${id}`).count()).toBe(1);
  });

  it('puts a chosen package in the cart, keeps it over a reload, and removes it', async () => {
    const { page } = b;
    await page.goto('/');
    const choose = page.getByRole('button', { name: /^Choose 3 Months Premium$/ });
    await choose.click();
    const dialog = page.getByRole('dialog', { name: 'Shopping Cart' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('3 Months Premium Package');
    expect(await dialog.textContent()).toContain('3 Months subscription');
    expect(await page.getByTestId('cart-total').textContent()).toBe('$39.99');
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');

    await page.reload();
    await page.getByTestId('cart-count').waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart-storage') ?? '{}'));
    expect(stored.state.items).toHaveLength(1);

    await page.getByRole('button', { name: 'Cart' }).click();
    await page.getByRole('button', { name: 'Remove 3 Months Premium' }).click();
    await page.getByText('Your cart is empty').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('cart-count').count()).toBe(0);
  });

  it('replaces the cart when another package is chosen and proceeds to checkout', async () => {
    const { page } = b;
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Shopping Cart' });
    await page.getByRole('button', { name: 'Choose 1 Month Premium' }).click();
    // The cart's dialog is its own chunk, fetched at the first press if idle time has not
    // come yet (decision 0082): a buyer closes it once they see it, and so does this test.
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Choose 12 Months Premium' }).click();
    expect(await dialog.locator('li').count()).toBe(1);
    expect(await dialog.textContent()).toContain('12 Months Premium Package');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
  });

  it('opens the five-step gift card tutorial from the footer', async () => {
    const { page } = b;
    await page.goto('/');
    await page.getByRole('button', { name: 'How to redeem' }).click();
    const steps = page.getByTestId('tutorial-steps').locator('li');
    await steps.first().waitFor();
    expect(await steps.count()).toBe(5);
  });

  it('paints the hero from the HTML alone, and the app keeps it exactly as it was painted', async () => {
    const { page, context } = b;
    const heroOf = (on: typeof page) => on.evaluate(() => {
      const heading = document.querySelector('h1');
      return { text: heading?.textContent, box: JSON.stringify(heading?.getBoundingClientRect()), hero: document.querySelector('main > section')?.outerHTML };
    });
    const bare = await context.newPage();
    await bare.route('**/*.js', (route) => route.abort());
    await bare.goto('/');
    const painted = await heroOf(bare);
    expect(painted.text).toBe('Premium IPTV in stunning 4K, on every screen you own');
    // Before any script has run, the free trial is a plain link to checkout.
    await bare.getByRole('link', { name: 'Start Free Trial' }).click();
    await bare.waitForURL('**/checkout?trial=true');
    await bare.close();

    await page.goto('/');
    await page.locator('[data-testid^="package-"]:not([data-testid="package-skeleton"])').first().waitFor();
    expect(await heroOf(page)).toEqual(painted);
  });

  it('shows the 404 screen for an unknown route', async () => {
    const { page } = b;
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Not Found').waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').count()).toBe(1);
  });

  it('fits a phone-sized screen without sideways scrolling', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.locator('[data-testid^="package-"]').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
