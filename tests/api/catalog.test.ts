import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { packages } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { useTestApp } from '../support/test-app';

describe('GET /api/packages', () => {
  const t = useTestApp();

  it('lists the seeded catalog with prices as decimal strings, cheapest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const list = response.json<Array<{ id: string; price: string; cashback: string; popular: boolean }>>();
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list[0]).toMatchObject({ id: 'trial-36h', price: '0.00' });
    const prices = list.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(list.filter((p) => p.popular)).toHaveLength(1);
    expect(list.find((p) => p.id === 'streaming-box')).toMatchObject({ requiresShipping: true });
    for (const p of list.filter((p) => p.price !== '0.00')) {
      expect(Number(p.cashback)).toBeGreaterThanOrEqual(10);
      expect(Number(p.cashback)).toBeLessThanOrEqual(30);
    }
  });

  it('answers 304 to a request carrying the current ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/packages' });
    const again = await t.app.inject({ method: 'GET', url: '/api/packages', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('shows a changed price once the package is updated through the catalog', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string; price: string }>>();
    const paid = before.find((p) => p.price !== '0.00')!;
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/admin/packages/${paid.id}`, payload: { price: '99.95' }, cookies: await signInAdmin(t) });
    expect(changed.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string; price: string }>>();
    expect(after.find((p) => p.id === paid.id)?.price).toBe('99.95');
  });

  it('leaves out packages that are no longer sold', async () => {
    await t.database.db.update(packages).set({ isActive: false }).where(eq(packages.id, 'streaming-box'));
    t.services.catalog.invalidate();
    const list = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json<Array<{ id: string }>>();
    expect(list.map((p) => p.id)).not.toContain('streaming-box');
  });
});

describe('errors', () => {
  const t = useTestApp();

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/nothing-here' });
  });

  it('reports readiness while the database answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/packages encodings', () => {
  const t = useTestApp();

  it('answers gzip and brotli from the cached list when the browser accepts them', async () => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const plain = await t.app.inject({ method: 'GET', url: '/api/packages' });
    const gzip = await t.app.inject({ method: 'GET', url: '/api/packages', headers: { 'accept-encoding': 'gzip' } });
    const br = await t.app.inject({ method: 'GET', url: '/api/packages', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });
});
