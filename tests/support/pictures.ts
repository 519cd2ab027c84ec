import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Whether a run asked for pictures of the pages it checks: SHOTS_DIR names their folder. */
export const picturesAsked = (): boolean => Boolean(process.env.SHOTS_DIR);

/**
 * A picture of a page or a region in SHOTS_DIR, `name`.png, for a reader to look at by eye,
 * taken only when asked: no test reads them, and each is a render of its own in Chromium,
 * whose time is most of the suite's (decision 0116).
 */
export async function pictureWhenAsked(target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: path.join(dir, `${name}.png`), ...(fullPage ? { fullPage } : {}) });
}
