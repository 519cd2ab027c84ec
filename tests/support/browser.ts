import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { backgroundValue, backgroundValueNow } from './background-setup';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A store the e2e global setup started, where it answers and where it logs, and the Chromium beside it. */
export interface E2eStore {
  baseUrl: string;
  serverLog: string;
  /** The worker's Chromium, which its browser files connect to (decision 0116). */
  browserEndpoint: string;
}

/** The build and the stores' start take minutes at most, at load 20 (decision 0079). */
const STORES_WAIT_MS = 20 * 60_000;

/**
 * Waits for the stores the e2e global setup builds and starts in the background while the
 * other suites run (decision 0085); e2e-setup.ts calls it before each browser file.
 */
export async function waitForE2eStores(): Promise<void> {
  await backgroundValue<E2eStore[]>(inject('e2eStoresFile'), 'The e2e stores (the build and their start)', STORES_WAIT_MS);
}

/**
 * This worker's store: the global setup starts one per worker, and the files a worker runs
 * take turns on it (VITEST_POOL_ID is 1 to maxWorkers; decision 0079).
 */
export function e2eStore(): E2eStore {
  const stores = backgroundValueNow<E2eStore[]>(inject('e2eStoresFile'), 'The e2e stores');
  const slot = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const store = stores[slot % stores.length];
  if (!store) throw new Error('The e2e global setup started no store');
  return store;
}

export interface BrowserSession {
  baseUrl: string;
  page: Page;
  context: BrowserContext;
  /** Content Security Policy violations seen in this test so far; any one fails the test. */
  cspViolations: string[];
}

/** Reports each violation event to the console, where the collector below reads it with Chromium's own CSP messages. */
function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`);
  });
}

/**
 * The worker's Chromium, started by the e2e global setup beside its store (decision 0116),
 * and a fresh context (cookies, local storage) per test, against that store. A test during
 * which any page logs a Content Security Policy violation fails (decision 0016).
 */
/** `timezoneId`: the zone the browser says it is in (Intl's resolvedOptions), for the pages that record it (decision 0074). */
export function useBrowser({ viewport = { width: 1280, height: 900 }, timezoneId }: { viewport?: { width: number; height: number }; timezoneId?: string } = {}): BrowserSession {
  const store = e2eStore();
  const session = { baseUrl: store.baseUrl } as BrowserSession;
  // Each suite is a visitor of its own: every file shares one store, whose per-address limits
  // (20 sign-ups an hour) would otherwise count the whole suite as one visitor. The store
  // trusts the loopback proxy (TRUST_PROXY in e2e-global.ts); 127.x stays this machine's.
  const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 250)}`;
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(store.browserEndpoint);
  });
  beforeEach(async () => {
    session.context = await browser.newContext({ baseURL: session.baseUrl, viewport, extraHTTPHeaders: { 'x-forwarded-for': address }, ...(timezoneId ? { timezoneId } : {}) });
    session.cspViolations = [];
    await session.context.addInitScript(reportCspViolations);
    session.context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) session.cspViolations.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
    session.page = await session.context.newPage();
    session.page.setDefaultTimeout(15_000);
  });
  afterEach(async () => {
    await session.context?.close();
    const violations = session.cspViolations ?? [];
    if (violations.length > 0) throw new Error(`Content Security Policy violations:\n${violations.join('\n')}`);
  });
  // Disconnects, closing the contexts this file opened; the worker's Chromium runs on.
  afterAll(async () => {
    await browser?.close();
  });
  return session;
}

/**
 * The links of the newest email sent to `to`, read from the server's log: with no SMTP
 * server configured the store keeps mail in its outbox and logs each message's links.
 */
export function latestMailLinks(to: string, subjectPattern?: RegExp): string[] {
  const lines = readFileSync(e2eStore().serverLog, 'utf8').split('\n').filter(Boolean);
  for (const line of lines.reverse()) {
    try {
      const entry = JSON.parse(line) as { to?: string; subject?: string; links?: string[] };
      if (entry.to?.toLowerCase() === to.toLowerCase() && entry.links && (!subjectPattern || subjectPattern.test(entry.subject ?? ''))) return entry.links;
    } catch {
      // not a JSON log line
    }
  }
  return [];
}
