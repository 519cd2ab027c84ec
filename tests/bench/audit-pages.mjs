// `npm run audit:pages`: Lighthouse (mobile preset, simulated throttling) and axe-core on
// the landing page and on checkout with a paid package in the cart, against the production
// build on a fresh embedded database. Prints one table; exits 1 when a page misses a target.
// Lighthouse scores move from run to run, so each page is audited RUNS times and the median
// run is reported.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { fmt, startStore } from './support.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
// A folder to keep every run's Lighthouse report (JSON) in, for reading what a score lost.
const REPORT_DIR = process.env.AUDIT_REPORT_DIR;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

buildIfNeeded();
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
  const rows = [];
  for (const target of pages) rows.push(await auditPage(target));
  printTable(rows);
  const missed = rows.flatMap((row) => [
    ...CATEGORIES.filter((category) => row.scores[category] < TARGETS[category]).map((category) => `${row.name}: ${category} ${row.scores[category]} < ${TARGETS[category]}`),
    ...row.axe.map((violation) => `${row.name}: axe ${violation}`),
  ]);
  for (const line of missed) console.log(`MISSED ${line}`);
  for (const row of rows) for (const audit of row.failedAudits) console.log(`  ${row.name}: ${audit}`);
  process.exitCode = missed.length > 0 ? 1 : 0;
} finally {
  await browser?.close();
  await store.stop();
}

/**
 * A fresh tab with an empty HTTP cache (a first visit: `disableStorageReset` keeps Lighthouse
 * from clearing it) and the cart (zustand's `cart-storage`) already holding the package.
 */
async function preparedPage(cart) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  if (cart) {
    // The favicon, not a page: the origin's storage opens without the app's scripts entering the cache.
    await page.goto(`${store.baseUrl}/favicon.svg`);
    const state = { state: { items: [{ ...cart, quantity: 1 }], isOpen: false }, version: 0 };
    await page.evaluate((value) => localStorage.setItem('cart-storage', value), JSON.stringify(state));
  }
  return page;
}

async function auditPage({ name, path, cart }) {
  const url = `${store.baseUrl}${path}`;
  const runs = [];
  for (let run = 0, failures = 0; run < RUNS; run += 1) {
    const page = await preparedPage(cart);
    const result = await lighthouse(url, { logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true }, undefined, page);
    await page.close();
    // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run has no scores and is run again.
    if (result.lhr.runtimeError && failures < 3) {
      console.log(`${name}: run ${run + 1} failed (${result.lhr.runtimeError.code}), running it again`);
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
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    scriptKb: scriptTransferKb(lhr),
    axe: await axeViolations(url, cart),
    failedAudits,
  };
}

function scriptTransferKb(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + item.transferSize, 0) / 1024;
}

/** axe-core's serious and critical violations once the page has settled. */
async function axeViolations(url, cart) {
  const page = await preparedPage(cart);
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

function printTable(rows) {
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'script KB', 'axe serious+critical'];
  const lines = rows.map((row) => [
    row.name,
    `${row.scores.performance} (runs ${row.allPerformance.join(', ')})`,
    String(row.scores.accessibility),
    String(row.scores['best-practices']),
    String(row.scores.seo),
    fmt(row.fcp),
    fmt(row.lcp),
    fmt(row.tbt),
    fmt(row.cls, 3),
    fmt(row.scriptKb, 1),
    row.axe.length === 0 ? 'none' : row.axe.join('; '),
  ]);
  console.log(`\nLighthouse mobile preset, median of ${RUNS} runs; targets: performance >= 95, the others 100; axe: none`);
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}
