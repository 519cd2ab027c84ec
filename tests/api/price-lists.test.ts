import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { packagePrices, storeCurrencies } from '../../src/server/schema';
import { useTestApp } from '../support/test-app';

type Listed = { id: string; name: string; price: string; currency: string };

describe('GET /api/packages?currency= (price lists per currency)', () => {
  const t = useTestApp();
  const list = async (query = '') => t.app.inject({ method: 'GET', url: `/api/packages${query}` });

  it('answers USD as the spec does, each package naming its currency', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const packages = response.json<Listed[]>();
    expect(packages.find((p) => p.name === '1 Month Premium')).toMatchObject({ price: '15.99', currency: 'USD' });
    expect(packages.every((p) => p.currency === 'USD')).toBe(true);
  });

  it('answers each seeded package with its own price in EUR, GBP and BRL, cheapest first', async () => {
    const eur = (await list('?currency=EUR')).json<Listed[]>();
    expect(eur.map((p) => [p.name, p.price, p.currency])).toEqual([
      ['36-Hour Free Trial', '0.00', 'EUR'],
      ['1 Month Premium', '14.99', 'EUR'],
      ['3 Months Premium', '36.99', 'EUR'],
      ['6 Months Premium', '64.99', 'EUR'],
      ['12 Months Premium', '109.99', 'EUR'],
      ['Streaming Box', '139.99', 'EUR'],
    ]);
    const gbp = (await list('?currency=GBP')).json<Listed[]>();
    expect(gbp.find((p) => p.name === '1 Month Premium')).toMatchObject({ price: '12.99', currency: 'GBP' });
    const brl = (await list('?currency=brl')).json<Listed[]>();
    expect(brl.find((p) => p.name === 'Streaming Box')).toMatchObject({ price: '749.99', currency: 'BRL' });
  });

  it('refuses an unknown currency with a 400 naming the supported ones', async () => {
    const response = await list('?currency=JPY');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unsupported currency. Supported currencies: USD, EUR, GBP, BRL' });
  });

  it('refuses a turned-off currency, and names only those still on', async () => {
    await t.database.db.insert(storeCurrencies).values({ currency: 'GBP', enabled: false });
    t.services.catalog.invalidate();
    const response = await list('?currency=GBP');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unsupported currency. Supported currencies: USD, EUR, BRL' });
    await expect(t.database.db.insert(storeCurrencies).values({ currency: 'USD', enabled: false })).rejects.toThrow();
  });

  it('hides a package that has no price in the currency asked for', async () => {
    const usd = (await list()).json<Listed[]>();
    const sixMonths = usd.find((p) => p.name === '6 Months Premium')!;
    await t.database.db.delete(packagePrices).where(and(eq(packagePrices.packageId, sixMonths.id), eq(packagePrices.currency, 'BRL')));
    t.services.catalog.invalidate();
    const brl = (await list('?currency=BRL')).json<Listed[]>();
    expect(brl.map((p) => p.name)).not.toContain('6 Months Premium');
    expect(brl.map((p) => p.name)).toContain('3 Months Premium');
    expect((await list('?currency=EUR')).json<Listed[]>().map((p) => p.name)).toContain('6 Months Premium');
  });
});
