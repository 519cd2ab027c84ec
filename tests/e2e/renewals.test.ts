import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { openDatabase, runMigrations, type Database } from '../../src/server/db/connect';
import { setAdminPassword } from '../../src/server/features/admin/service';
import { renewalConfirmToken } from '../../src/server/features/renewals/confirm-link';
import { settableClock } from '../../src/server/lib/clock';
import { seedIfEmpty } from '../../src/server/seed';
import { adminSignIn, E2E_ADMIN, toast } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { freePort } from '../support/free-port';
import { chargesOf, DAY } from '../support/renewal-charges';
import { buyWithAutoRenew } from '../support/saved-cards';
import { testConfig, type TestApp } from '../support/test-app';
import type { TestDatabase } from '../support/test-db';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { root } from '../../scripts/build-if-needed.mjs';

/**
 * The admin's Renewals section and the 3-D Secure confirmation page, at 390 and 1280 px with
 * axe. Renewals need time to pass, so these run against a store of their own in this
 * process (the built client, a fresh embedded database, a clock the test moves), not the
 * shared e2e store whose clock is the machine's.
 */

const START = '2027-01-05T09:00:00.000Z';
const EXPIRY = new Date('2027-02-05T09:00:00.000Z');

interface Store {
  app: App;
  baseUrl: string;
  /** The shape the API tests' helpers take. */
  t: TestApp;
  confirmLink: string;
  close(): Promise<void>;
}

/** A store with three auto-renewing customers on their expiry day: one renewed, one declined on every attempt, one waiting for 3-D Secure. */
async function storeWithRenewals(): Promise<Store> {
  const clock = settableClock(START);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-renewals-e2e-'));
  const database: Database = await openDatabase({ dataDir });
  await runMigrations(database);
  await seedIfEmpty(database.db);
  await setAdminPassword(database.db, E2E_ADMIN.username, E2E_ADMIN.password);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = testConfig({ PUBLIC_URL: baseUrl });
  const app = await buildApp({ config, database, clientDir: path.join(root as string, 'dist', 'client'), clock });
  await app.listen({ port, host: '127.0.0.1' });
  const t = { app, config, database: database as TestDatabase };

  await buyWithAutoRenew(app, {});
  await buyWithAutoRenew(app, { card: '4000000000009995' });
  const waiting = await buyWithAutoRenew(app, { card: '4000002760003184' });
  await app.services.jobs.drain();
  // The charge day, then the declined card's two retries.
  for (const days of [-3, -2, 0]) {
    clock.set(new Date(EXPIRY.getTime() + days * DAY));
    await app.services.renewalCharges.runPass();
    await app.services.jobs.drain();
  }
  const [charge] = await chargesOf(t, waiting.subscriptionId);
  const confirmLink = `/renewals/${charge!.id}/confirm?token=${renewalConfirmToken(config.SESSION_SECRET, charge!.id)}`;
  return {
    app,
    baseUrl,
    t,
    confirmLink,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('automatic renewals in the browser', () => {
  const b = useBrowser();
  let store: Store;

  beforeAll(async () => {
    store = await storeWithRenewals();
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows the admin's Renewals section at ${width} px: the forecast, the failures and the auto-renewing subscriptions`, async () => {
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await adminSignIn(page);
        await page.goto('/admin?tab=renewals');
        await page.getByRole('heading', { name: 'Failed renewals' }).waitFor();
        const failed = page.getByTestId('failed-renewal');
        await expect.poll(() => failed.count()).toBe(2);
        expect(await page.getByText('Reason: Your card has insufficient funds.').count()).toBe(1);
        expect(await page.getByText('Awaiting customer confirmation').count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId('auto-renewing-subscription').count()).toBe(3);
        expect(await page.getByText('Visa ending 4242, expires', { exact: false }).count()).toBeGreaterThan(0);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        if (width === 1280) {
          await failed.filter({ hasText: 'Awaiting customer confirmation' }).getByRole('button', { name: 'Retry now' }).click();
          await toast(page, 'Renewal Retried').waitFor();
        }
      } finally {
        await context.close();
      }
    });
  }

  for (const width of [390, 1280]) {
    it(`confirms a 3-D Secure renewal from the email's link at ${width} px, without signing in`, async () => {
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(store.confirmLink);
        if (width === 390) {
          await page.getByRole('heading', { name: 'Confirm your renewal' }).waitFor();
          expect(await page.getByText('1 Month Premium', { exact: true }).count()).toBe(1);
          expect(await page.getByText('$15.99', { exact: true }).count()).toBe(1);
          expect(await page.getByText('Visa ending 3184').count()).toBe(1);
          expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
          await page.getByRole('button', { name: 'Confirm payment' }).click();
        }
        await page.getByRole('heading', { name: 'Your renewal is paid' }).waitFor();
        expect(await page.getByRole('link', { name: 'Open your account' }).count()).toBe(1);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);

        // A forged link says so and still leads somewhere.
        await page.goto(store.confirmLink.replace(/token=.*/, 'token=forged'));
        await page.getByRole('heading', { name: 'Renewal not found' }).waitFor();
        expect(await page.getByRole('link', { name: 'Open your account' }).count()).toBe(1);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
