import type { Page } from 'playwright-core';

/** The administrator the browser tests' store is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'store-owner', password: 'e2e-admin-password-42' } as const;

/** The toast titled `title`, of any variant. */
export const toast = (page: Page, title: string) => page.locator('[data-variant]').getByText(title, { exact: true });

/** Signs in as E2E_ADMIN through /admin-login and lands on /admin. */
export async function adminSignIn(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Admin Username').fill(E2E_ADMIN.username);
  await page.getByLabel('Admin Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Admin Sign In' }).click();
  await toast(page, 'Admin Login Successful').waitFor();
  await page.waitForURL((url) => url.pathname === '/admin');
}
