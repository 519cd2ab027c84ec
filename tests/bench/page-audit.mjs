// Lighthouse (mobile preset, simulated throttling) and axe-core on the landing page and on
// checkout with a paid package in the cart, against the production build on a fresh embedded
// database: used by `npm run audit:pages` and by the `pages` bench of `npm run bench`.
// Lighthouse scores move from run to run, so each page is audited `runs` times and the median
// run is reported.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startStore } from './support.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// A folder to keep every run's Lighthouse report (JSON) in, for reading what a score lost.
const REPORT_DIR = process.env.AUDIT_REPORT_DIR;
export const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
export const CATEGORIES = Object.keys(TARGETS);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Audits / and /checkout `runs` times each; one result per page (the median run by performance). */
export async function auditPages({ runs = 3 } = {}) {
  const store = await startStore();
  let browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const packages = await (await fetch(`${store.baseUrl}/api/packages`)).json();
    const paid = packages.find((pkg) => !pkg.requiresShipping && Number(pkg.price) > 0);
    const pages = [
      { name: '/', path: '/', cart: null },
      { name: `/checkout (${paid.name})`, path: '/checkout', cart: paid },
    ];
    const results = [];
    for (const target of pages) results.push(await auditPage({ browser, baseUrl: store.baseUrl, runs }, target));
    return results;
  } finally {
    await browser?.close();
    await store.stop();
  }
}

/**
 * A fresh tab with an empty HTTP cache (a first visit: `disableStorageReset` keeps Lighthouse
 * from clearing it) and the cart (zustand's `cart-storage`) already holding the package.
 */
async function preparedPage({ browser, baseUrl }, cart) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  if (cart) {
    // The favicon, not a page: the origin's storage opens without the app's scripts entering the cache.
    await page.goto(`${baseUrl}/favicon.svg`);
    const state = { state: { items: [{ ...cart, quantity: 1 }], isOpen: false }, version: 0 };
    await page.evaluate((value) => localStorage.setItem('cart-storage', value), JSON.stringify(state));
  }
  return page;
}

async function auditPage(context, { name, path, cart }) {
  const url = `${context.baseUrl}${path}`;
  const runs = [];
  for (let run = 0, failures = 0; run < context.runs; run += 1) {
    const page = await preparedPage(context, cart);
    const result = await lighthouse(url, { logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true }, undefined, page);
    await page.close();
    // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run has no scores and is run again.
    if (result.lhr.runtimeError && failures < 3) {
      console.error(`${name}: run ${run + 1} failed (${result.lhr.runtimeError.code}), running it again`);
      failures += 1;
      run -= 1;
      continue;
    }
    runs.push(result.lhr);
    if (REPORT_DIR) writeFileSync(`${REPORT_DIR}/${path.replaceAll('/', '_') || '_'}-${run + 1}.json`, JSON.stringify(result.lhr));
  }
  runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const lhr = runs[Math.floor(runs.length / 2)];
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)]));
  const failedAudits = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `${audit.id}: ${audit.title}`);
  return {
    name,
    scores,
    allPerformance: runs.map((run) => Math.round(run.categories.performance.score * 100)),
    // Lighthouse's measure of this machine's speed when it ran (a loaded machine scores lower):
    // the median run's, and each run's beside its score.
    benchmarkIndex: lhr.environment.benchmarkIndex,
    allBenchmarkIndex: runs.map((run) => run.environment.benchmarkIndex),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scriptKb: scriptTransferKb(lhr),
    axe: await axeViolations(context, url, cart),
    failedAudits,
  };
}

function scriptTransferKb(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + item.transferSize, 0) / 1024;
}

/** axe-core's serious and critical violations once the page has settled. */
async function axeViolations(context, url, cart) {
  const page = await preparedPage(context, cart);
  try {
    await page.goto(url, { waitUntil: 'networkidle0' });
    // Evaluated, not a script tag: the store's CSP refuses inline scripts.
    await page.evaluate(axeSource);
    // Runs in the page, where window and document are the browser's.
    /* global window, document */
    return await page.evaluate(async () => {
      const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
      return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact})`);
    });
  } finally {
    await page.close();
  }
}
