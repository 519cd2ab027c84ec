import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserSession {
  baseUrl: string;
  page: Page;
  context: BrowserContext;
}

/**
 * One Chromium per test file and a fresh context (cookies, local storage) per test,
 * against the store started by the e2e global setup.
 */
export function useBrowser({ viewport = { width: 1280, height: 900 } } = {}): BrowserSession {
  const session = { baseUrl: inject('e2eBaseUrl') } as BrowserSession;
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: LAUNCH_ARGS });
  });
  beforeEach(async () => {
    session.context = await browser.newContext({ baseURL: session.baseUrl, viewport });
    session.page = await session.context.newPage();
    session.page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await session.context?.close();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return session;
}
