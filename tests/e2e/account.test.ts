import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { latestMailLinks, useBrowser } from '../support/browser';

const PASSWORD = 'correct-horse-7';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function register(page: Page, { email, type = 'Full Account', password = PASSWORD }: { email: string; type?: string; password?: string }) {
  await page.goto('/register');
  await page.getByRole('radio', { name: new RegExp(type) }).click();
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: type === 'Full Account' ? 'Create Account' : 'Start Free Trial' }).click();
  await page.waitForURL('**/account');
  await page.getByText('Welcome back, Ada!').waitFor();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByText('Logged Out', { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/account');
}

describe('customer accounts in a browser', () => {
  const b = useBrowser();

  it('registers, signs out, signs back in and sees no subscription yet', async () => {
    const { page } = b;
    const email = uniqueEmail('register');
    await register(page, { email });
    await page.getByText('No active subscriptions found.').waitFor();
    expect(await page.getByRole('heading', { name: 'My Account' }).count()).toBe(1);
    expect(await page.getByText(email).count()).toBe(1);

    await signOut(page);
    await page.goto('/account');
    await page.waitForURL('**/login');

    await signIn(page, email);
    await page.getByText('No active subscriptions found.').waitFor();
    expect(await page.getByRole('link', { name: 'Browse Packages' }).getAttribute('href')).toBe('/#packages');
    const tutorial = page.getByRole('link', { name: 'How to Install Tivimate' });
    expect(await tutorial.getAttribute('target')).toBe('_blank');
    expect(await tutorial.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the form messages and refuses a wrong password without saying which part was wrong', async () => {
    const { page } = b;
    await page.goto('/register');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password').fill('abcdeg');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await page.getByText("Passwords don't match").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('firstName');

    const email = uniqueEmail('wrong-password');
    await register(page, { email });
    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Login Failed', { exact: true }).waitFor();
    expect(await page.getByText('Invalid email or password', { exact: true }).count()).toBe(1);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
  });

  it('refuses to register an email that already has an account, with the reason', async () => {
    const { page } = b;
    const email = uniqueEmail('twice');
    await register(page, { email });
    await signOut(page);
    await page.goto('/register');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Registration Failed', { exact: true }).waitFor();
    expect(await page.getByText('An account with this email already exists. Please sign in instead.', { exact: true }).count()).toBe(1);
  });

  it('starts a free trial whose credentials appear on their own, and copies one', async () => {
    const { page, context, baseUrl } = b;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await register(page, { email: uniqueEmail('trial'), type: '36 Hour Free Trial' });
    const card = page.getByTestId('subscription-card');
    await card.getByTestId('device-credential').first().waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('subscription-status').textContent()).toBe('active');
    expect(await card.getByTestId('time-remaining').textContent()).toMatch(/^(35|36) hours$/);
    expect(await card.getByTestId('device-credential').count()).toBe(1);
    expect(await card.getByTestId('server-address').textContent()).toMatch(/^https?:\/\//);

    const username = await card.getByTestId('device-credential').locator('dd').first().textContent();
    await card.getByRole('button', { name: 'Copy username' }).click();
    await page.getByText('Copied!', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(username);

    await card.getByRole('button', { name: 'Copy playlist URL' }).click();
    const playlist = await page.evaluate(() => navigator.clipboard.readText());
    expect(playlist).toMatch(/\/get\.php\?username=[^&]+&password=[^&]+&type=m3u_plus&output=ts$/);

    await card.getByRole('button', { name: 'Show playlist QR code' }).click();
    await page.getByRole('img', { name: /QR code of the playlist URL/ }).waitFor();
  });

  it('sets a new password from the emailed link after "Forgot password?" and lands signed in', async () => {
    const { page } = b;
    const email = uniqueEmail('forgot');
    await register(page, { email });
    await signOut(page);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await dialog.getByText(/If an account exists for this email/).waitFor();

    let link: string | undefined;
    await expect.poll(() => (link = latestMailLinks(email, /password|set up|setup/i).find((url) => url.includes('/setup/'))), { timeout: 15_000 }).toBeTruthy();
    await page.goto(link!);
    // A reset link speaks of resetting the password, not of setting up an account.
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    expect(await page.title()).toBe('Reset Your Password | StreamPlus');
    expect(await page.getByText(email).count()).toBe(1);
    const newPassword = 'a-brand-new-secret';
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset', { exact: true }).waitFor();
    await page.waitForURL('**/account');
    await page.getByText('Welcome back, Ada!').waitFor();

    await signOut(page);
    await signIn(page, email, newPassword);
    await page.getByText('Welcome back, Ada!').waitFor();

    await page.goto(link!);
    await page.getByText('Invalid Setup Link', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
