import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orders, trialClaims, trialDays } from '../../src/server/schema';
import { adminSignIn, toast } from '../support/admin';
import { useBrowser } from '../support/browser';
import { atWidth, expectFitsAndAccessible } from '../support/page-at-width';
import { orderPaidWithoutJobs, pendingOrder } from '../support/paid-orders';
import { useStoreWithClock } from '../support/store-with-clock';

/**
 * The free trial's paused state on the landing page and the owner's Trials section (decision
 * 0101), at 390 and 1280 px with axe. A store of its own: a spent budget would refuse the
 * trials of every other browser test on the shared store.
 */
const NOW = '2026-12-03T15:00:00.000Z';
describe('free trials in the browser', () => {
  const b = useBrowser();
  const holder = useStoreWithClock(NOW);

  const openAt = (width: number, run: (page: Page) => Promise<void>) => atWidth(b, holder.store.baseUrl, width, run);

  it('says trials are paused today on the trial button once the day\'s 50 trials are taken, at 390 and 1280 px', async () => {
    const { db } = holder.store.t.database;
    for (const width of [390, 1280]) {
      await db.delete(trialDays);
      await openAt(width, async (page) => {
        await page.goto('/');
        await page.getByTestId('package-trial-36h').getByRole('button', { name: 'Start Free Trial' }).waitFor();
      });
      await db.insert(trialDays).values({ day: '2026-12-03', started: 50 });
      await openAt(width, async (page) => {
        await page.goto('/');
        const card = page.getByTestId('package-trial-36h');
        const button = card.getByRole('button', { name: 'Trials paused today' });
        await button.waitFor();
        expect(await button.isDisabled()).toBe(true);
        await card.getByText('Free trials are paused for today. Please try again tomorrow.').waitFor();
        await card.scrollIntoViewIfNeeded();
        await expectFitsAndAccessible(page);

        // The sign-up's trial says so too, once the trial is chosen.
        await page.goto('/register');
        await page.getByRole('button', { name: 'Create Account' }).waitFor();
        await page.getByRole('radio', { name: '36 Hour Free Trial' }).click();
        const signUp = page.getByRole('button', { name: 'Trials paused today' });
        await signUp.waitFor();
        expect(await signUp.isDisabled()).toBe(true);
        await expectFitsAndAccessible(page);
      });
    }
  });

  it('shows the owner the budget and trials -> paid by week, and saves a new budget, at 390 and 1280 px', async () => {
    const { t } = holder.store;
    await t.database.db.delete(trialDays);
    // Two trials this week (Nov 30), one of whose customers paid the next day.
    for (const [name, paid] of [['e2e-converted', true], ['e2e-trying', false]] as const) {
      const trial = await pendingOrder(t, { packageId: 'trial-36h', paymentMethod: 'free', email: `${name}@example.com` });
      await t.database.db.insert(trialClaims).values({ email: `${name}@example.com`, browserId: null, orderId: trial.id, claimedAt: new Date('2026-12-01T12:00:00Z') });
      if (paid) {
        const order = await orderPaidWithoutJobs(t, { packageId: 'trial-36h', customerId: trial.customerId!, totalAmount: '15.99' }, 0);
        expect(order.customerId).toBe(trial.customerId);
      }
    }
    expect(await t.database.db.select().from(orders)).toHaveLength(3);

    for (const width of [1280, 390]) {
      await openAt(width, async (page) => {
        await adminSignIn(page);
        await page.goto('/admin?tab=trials');
        await page.getByRole('heading', { name: 'Daily trial budget' }).waitFor();
        await page.getByTestId('trials-today').getByText('0 of 50 free trials started today (2026-12-03', { exact: false }).waitFor();
        const week = width >= 768 ? page.getByTestId('trial-week').filter({ hasText: '2026-W49' }) : page.getByRole('list', { name: 'Trials by week' }).getByRole('listitem').first();
        await week.getByText('50.0%', { exact: false }).waitFor();
        await expectFitsAndAccessible(page);
      });
    }

    await openAt(390, async (page) => {
      await adminSignIn(page);
      await page.goto('/admin?tab=trials');
      const field = page.getByLabel('Free trials a day (0 to 10000)');
      await field.fill('');
      await page.getByRole('button', { name: 'Save Budget' }).click();
      await page.getByText('Enter a number from 0 to 10000').waitFor();
      await field.fill('10001');
      await page.getByRole('button', { name: 'Save Budget' }).click();
      await page.getByText('dailyBudget must be a whole number from 0 to 10000').waitFor();
      await expectFitsAndAccessible(page);
      await field.fill('0');
      await page.getByRole('button', { name: 'Save Budget' }).click();
      await toast(page, 'Trial Budget Saved').waitFor();
      await page.getByText('0 of 0 free trials started today', { exact: false }).waitFor();
      await page.goto('/');
      await page.getByTestId('package-trial-36h').getByRole('button', { name: 'Trials paused today' }).waitFor();
    });
  });
});
