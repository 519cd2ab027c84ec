import { Secret, TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { E2E_ADMIN, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * Two-factor sign-in in the browser (decision 0096): set up from System > My account, then
 * the admin login asks for the code, at 390 and 1280 px with axe. A store of its own, since
 * turning two-factor on for the shared store's admin would stop the other tests signing in,
 * and its clock gives each sign-in a fresh code.
 */

const PERIOD_MS = 30_000;
const START = new Date(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS).toISOString();

const codeAt = (secret: string, at: Date) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectFitsAndAccessible(page: Page) {
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe('two-factor sign-in in the browser', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(START);
  let secret = '';

  async function openAt(width: number, run: (page: Page, context: BrowserContext) => Promise<void>) {
    const context = await b.context.browser()!.newContext({ baseURL: holder.store.baseUrl, viewport: { width, height: 900 } });
    try {
      await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  /** Signs in at /admin-login; with a secret, answers the code the page then asks for. */
  async function signIn(page: Page, withCode: boolean) {
    await page.goto('/admin-login');
    await page.getByLabel('Admin Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Admin Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Admin Sign In' }).click();
    if (withCode) {
      const code = page.getByLabel('Authentication code');
      await code.waitFor();
      await expectFitsAndAccessible(page);
      holder.store.clock.advance(PERIOD_MS);
      await code.fill(codeAt(secret, holder.store.clock.now()));
      await page.getByRole('button', { name: 'Admin Sign In' }).click();
    }
    await toast(page, 'Admin Login Successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin');
  }

  it('sets two-factor up from My account at 1280 px, shows the recovery codes once, then the login asks for a code', async () => {
    await openAt(1280, async (page) => {
      await signIn(page, false);
      await page.getByRole('navigation', { name: 'Store operations' }).getByRole('link', { name: 'My account' }).click();
      await page.waitForURL((url) => url.search === '?tab=account');
      await page.getByText('Two-factor sign-in is off.').waitFor();
      await expectFitsAndAccessible(page);

      await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
      await page.getByRole('img', { name: "QR code to add this store's admin sign-in to an authenticator app" }).waitFor();
      secret = (await page.getByTestId('two-factor-secret').textContent())!;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectFitsAndAccessible(page);

      await page.getByLabel('Authentication code').fill('12345');
      await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
      await page.getByText('Authentication code must be 6 digits').waitFor();
      await page.getByLabel('Authentication code').fill(codeAt(secret, holder.store.clock.now()));
      await page.getByRole('button', { name: 'Confirm and Turn On' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await expectFitsAndAccessible(page);
      await page.getByRole('button', { name: 'I Have Saved Them' }).click();
      await page.getByText('Two-factor sign-in is on.').waitFor();
      expect(await page.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);
    });

    await openAt(1280, async (page) => {
      await signIn(page, true);
    });
  });

  it('signs in with a code at 390 px, and turns two-factor off with the password and a code', async () => {
    expect(secret).not.toBe('');
    await openAt(390, async (page) => {
      await signIn(page, true);
      await page.goto('/admin?tab=account');
      await page.getByText('Two-factor sign-in is on.').waitFor();
      await expectFitsAndAccessible(page);

      await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
      holder.store.clock.advance(PERIOD_MS);
      await page.getByLabel('Authentication code').fill(codeAt(secret, holder.store.clock.now()));
      await page.getByRole('button', { name: 'Turn Off Two-Factor Sign-In' }).click();
      await page.getByText('Two-factor sign-in is off.').waitFor();

      await page.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
      await page.getByRole('img', { name: "QR code to add this store's admin sign-in to an authenticator app" }).waitFor();
      await expectFitsAndAccessible(page);
    });
    // Off again: the password alone signs in.
    await openAt(390, async (page) => {
      await signIn(page, false);
    });
  });
});
