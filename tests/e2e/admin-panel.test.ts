import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignIn } from '../support/admin';
import { seriousAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { DAY, MINUTE, OWNER_EMAIL, recordSales } from '../support/panel-watch';
import { startStoreWithClock, type StoreWithClock } from '../support/store-with-clock';
import { startXtreamPanelStandIn, type XtreamPanelStandIn } from '../support/xtream-panel-stand-in';

/**
 * The admin's System > Panel view (decision 0093) at 390 and 1280 px with axe. The checks need
 * minutes to pass, so these run against a store of their own in this process (the built
 * client, a fresh embedded database, a clock the test moves) and the panel's stand-in.
 */

const START = new Date('2027-03-01T12:00:00.000Z');
const API_KEY = 'panel-key-0123456789';

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the Panel view in the browser', () => {
  const b = useBrowser();
  let panel: XtreamPanelStandIn;
  let store: StoreWithClock;

  beforeAll(async () => {
    panel = await startXtreamPanelStandIn({ apiKey: API_KEY });
    store = await startStoreWithClock(new Date(START.getTime() - 30 * MINUTE).toISOString(), {
      XTREAM_PANEL_URL: panel.url,
      XTREAM_PANEL_API_KEY: API_KEY,
      ALERT_EMAIL: OWNER_EMAIL,
    });
    // 14 devices provisioned in the last 7 days: 2 credits a day.
    await recordSales(store.t, [
      { devices: 6, paidAt: new Date(START.getTime() - DAY) },
      { devices: 8, paidAt: new Date(START.getTime() - 5 * DAY) },
    ]);
    // Half an hour of checks: answered with 9 credits left, then failing for the last 7 minutes.
    panel.setCredits(9);
    for (let minute = -30; minute <= 0; minute++) {
      if (minute === -6) panel.goDown('error');
      store.clock.set(new Date(START.getTime() + minute * MINUTE));
      await store.services.panelWatch.checkNow();
    }
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await panel?.close();
  });

  for (const width of [390, 1280]) {
    it(`shows the panel unreachable, its hour, its credits and the alert at ${width} px`, async () => {
      const context = await b.context.browser()!.newContext({ baseURL: store.baseUrl, viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        await adminSignIn(page);
        await page.goto('/admin?tab=panel');
        const now = page.getByTestId('panel-now');
        await now.waitFor();
        expect(await now.getByText('Unreachable', { exact: true }).count()).toBe(1);
        expect(await now.getByText('Xtream panel answered HTTP 500 to user_info').count()).toBe(1);
        const figures = page.getByRole('region', { name: 'The panel over the last hour' });
        expect(await figures.getByText('7 of 31 checks').count()).toBe(1);
        expect(await page.getByText('9 credits', { exact: true }).count()).toBe(1);
        expect(await page.getByText("They last about 4.5 days at the last 7 days' sales.").count()).toBe(1);
        expect(await page.getByTestId('panel-error').count()).toBe(5);
        expect(await page.getByText(OWNER_EMAIL).count()).toBe(1);
        expect(await page.getByText('Unreachable for 5 minutes or more, since Mar 1, 2027, 11:54 AM').count()).toBe(1);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
