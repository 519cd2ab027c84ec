import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from './axe';
import type { BrowserSession } from './browser';

/** Whether the page is no wider than the screen and has no serious or critical axe violation. */
export async function expectFitsAndAccessible(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/**
 * Runs `run` on a new page of a context of its own at `width` px, against a store of the test's
 * own; `locale` is the browser's language (navigator.languages and Accept-Language).
 */
export async function atWidth(b: BrowserSession, baseURL: string, width: number, run: (page: Page) => Promise<void>, { locale }: { locale?: string } = {}): Promise<void> {
  const context = await b.context.browser()!.newContext({ baseURL, viewport: { width, height: 900 }, ...(locale ? { locale } : {}) });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await run(page);
  } finally {
    await context.close();
  }
}
