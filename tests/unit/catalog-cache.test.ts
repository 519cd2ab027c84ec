import { describe, expect, it } from 'vitest';
import { createCatalog, type PackageRow } from '../../src/server/features/catalog/service';
import type { Database } from '../../src/server/db/connect';

const row = (price: string) =>
  ({ id: 'p1', name: '1 Month Premium', duration: '1 Month', price, cashback: '10.00', channels: '18,000+', quality: '4K', devices: 4, vod: null, features: [], popular: false, requiresShipping: false, isActive: true }) as unknown as PackageRow;

/** A database whose package query answers only when the test says so. */
function heldDatabase() {
  const answers: Array<(rows: PackageRow[]) => void> = [];
  const query = () => new Promise<PackageRow[]>((resolve) => answers.push(resolve));
  const db = { select: () => ({ from: () => ({ where: () => ({ orderBy: query }) }) }) };
  return { database: { db } as unknown as Pick<Database, 'db' | 'listen'>, answers };
}

/** The first package's price in a cached list's JSON. */
const firstPrice = (json: string) => (JSON.parse(json) as Array<{ price: string }>)[0]!.price;

describe('the package list cache', () => {
  it('does not keep a list loaded before a change was announced', async () => {
    const { database, answers } = heldDatabase();
    const catalog = createCatalog(database);
    const before = catalog.snapshot();
    // A change is announced while the old list is on its way.
    catalog.invalidate();
    answers[0]!([row('15.99')]);
    expect(firstPrice((await before).json)).toBe('15.99');

    expect(catalog.cachedSnapshot()).toBeNull();
    const after = catalog.snapshot();
    answers[1]!([row('18.25')]);
    expect(firstPrice((await after).json)).toBe('18.25');
    expect(firstPrice(catalog.cachedSnapshot()!.json)).toBe('18.25');
  });
});
