import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app';

/** A built client as Vite writes it: the page, hashed assets, and a source map beside one. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><head><script type="module" src="/assets/index-B2xk9Qa_.js"></script></head><body><div id="root"></div></body>');
  writeFileSync(path.join(dir, 'page-shells.json'), JSON.stringify({ LandingPage: '<main><h1>Premium IPTV</h1></main>' }));
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ CheckoutPage: ['assets/CheckoutPage-Cx81mZq2.js'], LandingPage: ['assets/LandingPage-Lq3vT8wz.js'] }));
  writeFileSync(path.join(dir, 'assets', 'index-B2xk9Qa_.js'), 'console.log("store");\n');
  writeFileSync(path.join(dir, 'assets', 'index-B2xk9Qa_.js.map'), '{"version":3,"sources":["../../src/client/main.tsx"]}');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('the built client', () => {
  const clientDir = fakeClientBuild();
  const t = useTestApp({}, { clientDir });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('serves hashed assets cacheable for a year and never revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-B2xk9Qa_.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the page itself and unhashed files short-lived', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/checkout' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("names a page's chunks as module preloads in the HTML of its route, and only there", async () => {
    const checkout = await t.app.inject({ method: 'GET', url: '/checkout?trial=true' });
    expect(checkout.body).toContain('<link rel="modulepreload" crossorigin href="/assets/CheckoutPage-Cx81mZq2.js"></head>');
    expect(checkout.body).not.toContain('LandingPage');
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/LandingPage-Lq3vT8wz.js"></head>');
    expect(landing.body).not.toContain('CheckoutPage');
    const unknown = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('modulepreload');
  });

  it("puts a page's shell inside the root element of its route's HTML, and only there", async () => {
    const landing = await t.app.inject({ method: 'GET', url: '/' });
    expect(landing.body).toContain('<div id="root"><main><h1>Premium IPTV</h1></main></div>');
    expect(landing.body).toContain('<link rel="modulepreload" crossorigin href="/assets/LandingPage-Lq3vT8wz.js"></head>');
    for (const url of ['/checkout', '/login', '/no-such-page']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.body).toContain('<div id="root"></div>');
      // The shell's markup; the page's words (the site area, with the store's description) may name the store anywhere.
      expect(other.body).not.toContain('<h1>Premium IPTV</h1>');
    }
  });

  it("serves the app's page for a payment's receipt, and 404 for a path beside it", async () => {
    const receipt = await t.app.inject({ method: 'GET', url: '/account/receipts/SP-1700000000000-000001' });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('<div id="root"></div>');
    for (const url of ['/account/receipts', '/account/receipts/SP-1700000000000-000001/more']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('does not serve source maps', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-B2xk9Qa_.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('src/client/main.tsx');
  });
});
