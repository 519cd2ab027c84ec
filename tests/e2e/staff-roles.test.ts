import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSignIn, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';

/**
 * Staff and roles in the browser (decision 0098): the owner adds a support member in
 * System > Staff; the member signs in, is made to change the password first, then sees only
 * the sections a support role opens, at 390 and 1280 px with axe.
 */

const username = `support-${Date.now().toString(36)}`;
const INITIAL_PASSWORD = 'initial-password-123';
const OWN_PASSWORD = 'my-own-password-456';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectFitsAndAccessible(page: Page) {
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function signInAs(page: Page, password: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Admin Username').fill(username);
  await page.getByLabel('Admin Password').fill(password);
  await page.getByRole('button', { name: 'Admin Sign In' }).click();
  await toast(page, 'Admin Login Successful').waitFor();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** The section links the navigation shows. */
const sectionLinks = async (page: Page) => (await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link').allTextContents()).map((text) => text.trim());

describe('staff and roles in the browser', () => {
  const b = useBrowser();

  it('the owner adds a support member in System > Staff, at 1280 and 390 px', async () => {
    const { page } = b;
    await adminSignIn(page);
    await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'Staff' }).click();
    await page.waitForURL((url) => url.search === '?tab=staff');
    await page.getByText('Require two-factor sign-in for all staff').waitFor();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByLabel('Initial password').fill('short');
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    await page.getByText('Password must be at least 12 characters').waitFor();
    await page.getByLabel('Initial password').fill(INITIAL_PASSWORD);
    await page.getByRole('button', { name: 'Add Staff Member' }).click();
    await toast(page, 'Staff Member Added').waitFor();
    const card = page.getByTestId('staff-member').filter({ hasText: username });
    await card.getByText('Password change pending').waitFor();
    expect(await card.getByLabel(`Role of ${username}`).inputValue()).toBe('support');
    await expectFitsAndAccessible(page);

    await page.setViewportSize({ width: 390, height: 900 });
    await card.waitFor();
    await expectFitsAndAccessible(page);
  });

  it('the member changes the password first, then sees only what support opens, at 390 px', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 390, height: 900 });
    await signInAs(page, INITIAL_PASSWORD);
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await expectFitsAndAccessible(page);

    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Incorrect password').waitFor();
    await page.getByLabel('Current password').fill(INITIAL_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await toast(page, 'Password Changed').waitFor();

    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    const links = await sectionLinks(page);
    expect(links.some((link) => link.startsWith('Customer Subscriptions'))).toBe(true);
    expect(links.some((link) => link.startsWith('Orders'))).toBe(true);
    for (const hidden of ['Revenue', 'Coupons', 'Packages', 'Exports', 'Audit Log', 'Staff', 'Gift Cards', 'Shipments']) {
      expect(links.some((link) => link.startsWith(hidden)), hidden).toBe(false);
    }
    await expectFitsAndAccessible(page);
  });

  it('the member signs in with the new password at 1280 px, not asked again, and a closed section falls back', async () => {
    const { page } = b;
    await signInAs(page, OWN_PASSWORD);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const links = await sectionLinks(page);
    expect(links.some((link) => link.startsWith('Staff'))).toBe(false);
    expect(links.some((link) => link.startsWith('My account'))).toBe(true);
    await expectFitsAndAccessible(page);

    // An address of a section support cannot open shows its default instead.
    await page.goto('/admin?tab=coupons');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Customer Subscriptions' }).getAttribute('aria-current')).toBe('page');
  });
});
