import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertLandingJsBudget, LANDING_JS_BUDGET_KB } from '../../scripts/landing-js-budget.mjs';

describe("the build's budget for the landing page's initial JavaScript", () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A built client whose index.html loads an entry and preloads a chunk of these sizes (random bytes: gzip cannot shrink them). */
  function builtClient(entryKb: number, chunkKb: number): string {
    dir = mkdtempSync(path.join(tmpdir(), 'landing-budget-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'index-a1.js'), randomBytes(entryKb * 1024).toString('base64').slice(0, entryKb * 1024));
    writeFileSync(path.join(dir, 'assets', 'chunk-b2.js'), randomBytes(chunkKb * 1024).toString('base64').slice(0, chunkKb * 1024));
    writeFileSync(path.join(dir, 'assets', 'lazy-c3.js'), randomBytes(200 * 1024).toString('base64'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-a1.js"></script><link rel="modulepreload" crossorigin href="/assets/chunk-b2.js">',
    );
    return dir;
  }

  it('is 120 KB gzipped', () => {
    expect(LANDING_JS_BUDGET_KB).toBe(120);
  });

  it('counts the entry and its preloaded chunks, not the chunks loaded on demand', () => {
    const { files, gzipKb } = assertLandingJsBudget(builtClient(40, 30));
    expect(files).toEqual(['assets/index-a1.js', 'assets/chunk-b2.js']);
    expect(gzipKb).toBeGreaterThan(40);
    expect(gzipKb).toBeLessThan(120);
  });

  it("counts the landing page's own chunks the server preloads on / (page-preloads.json)", () => {
    const client = builtClient(40, 30);
    writeFileSync(path.join(client, 'assets', 'LandingPage-d4.js'), randomBytes(20 * 1024).toString('base64').slice(0, 20 * 1024));
    writeFileSync(path.join(client, 'page-preloads.json'), JSON.stringify({ LandingPage: ['assets/LandingPage-d4.js', 'assets/chunk-b2.js'], CheckoutPage: ['assets/lazy-c3.js'] }));
    const { files, gzipKb } = assertLandingJsBudget(client);
    expect(files).toEqual(['assets/index-a1.js', 'assets/chunk-b2.js', 'assets/LandingPage-d4.js']);
    expect(gzipKb).toBeGreaterThan(60);
    expect(gzipKb).toBeLessThan(120);
  });

  it('fails the build past the budget, naming the size and the files', () => {
    expect(() => assertLandingJsBudget(builtClient(100, 60))).toThrow(
      /^The landing page's initial JavaScript is 1\d\d\.\d KB gzipped, over its budget of 120 KB \(assets\/index-a1\.js, assets\/chunk-b2\.js\)/,
    );
  });
});
