import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser';

const uniqueEmail = () => `csp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('the Content Security Policy in a browser', () => {
  const b = useBrowser();

  it('allows no eval, and the main pages run without violating the policy', async () => {
    const { page } = b;
    const landing = await page.goto('/');
    const policy = landing!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    await page.locator('[data-testid^="package-"]:not([data-testid="package-skeleton"])').first().waitFor();

    // The checkout with a package in the cart: its form validates with zod.
    await page.getByRole('button', { name: 'Choose 3 Months Premium' }).click();
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('heading', { name: 'Customer Information' }).waitFor();
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('First Name').focus();
    expect(b.cspViolations).toEqual([]);

    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').first().waitFor();
    expect(b.cspViolations).toEqual([]);

    const signedUp = await page.request.post('/api/register', {
      data: { signupType: 'account', firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), password: 'secret-pass', confirmPassword: 'secret-pass' },
    });
    expect(signedUp.status()).toBe(201);
    await page.goto('/account');
    await page.getByText('Ada', { exact: false }).first().waitFor();
    expect(b.cspViolations).toEqual([]);

    await page.goto('/admin-login');
    await page.getByLabel('Admin Username').fill('owner');
    expect(b.cspViolations).toEqual([]);
  });
});
