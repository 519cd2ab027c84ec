import { ilike } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummary } from '../../src/contract/admin-orders';
import { ORDER_ID_PATTERN } from '../../src/domain/order-id';
import { containsPattern } from '../../src/server/features/reports/address-search';
import { orderIdContains, orderIdSearch } from '../../src/server/features/reports/admin-customers';
import { orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { pendingOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The search by an order id's start (decision 0049) finds exactly the orders the match
 * anywhere in any case (`id ilike '%q%'`) finds, for every input: ids that share starts,
 * digits and dashes in every place, and inputs of every length, case and position.
 */

const IDS = ['SP-1700000000001-000001', 'SP-1700000000011-000002', 'SP-17000000000-170000', 'SP-2-1', 'SP-1764000000000-999999'];

const idsWhere = async (t: TestApp, where?: ReturnType<typeof orderIdContains>) =>
  (await t.database.db.select({ id: orders.id }).from(orders).where(where)).map((row) => row.id).sort();

describe("the admin's search by order id", () => {
  const t = useTestApp();

  it('finds by the start of an id exactly what a match anywhere in any case finds', async () => {
    const { oneMonth } = await seededPackages(t.app);
    for (const id of IDS) {
      const order = await pendingOrder(t, { packageId: oneMonth.id });
      await t.database.executeSql('update orders set id = $1 where id = $2', [id, order.id]);
    }
    const all = await idsWhere(t);
    expect(all).toHaveLength(IDS.length);
    expect(all.every((id) => ORDER_ID_PATTERN.test(id))).toBe(true);

    // Every piece of every id that starts at its first three characters, in both cases,
    // each with a dash or a digit more, and a few that match nothing.
    // And some that no id can contain (an address, a name, LIKE's own wildcards), which read no index.
    const inputs = new Set<string>(['SP-', 'sp-', 'Sp-1', 'SP--', 'SP-1-', 'SP-17000000000-', 'SP-3', 'SP-x', 'S', 'P', '-', '1', '00-0']);
    for (const q of ['x', 'SP-1a', 'sp-1 ', 'buyer1@example.com', '%', '_', 'SP_1', 'SP-1%', '\\', 'Grace']) inputs.add(q);
    for (const id of IDS) {
      for (let start = 0; start < 3; start++) {
        for (let end = start + 1; end <= id.length; end++) {
          const piece = id.slice(start, end);
          for (const q of [piece, piece.toLowerCase(), `${piece}-`, `${piece}0`]) inputs.add(q);
        }
      }
    }
    const searches = { start: 0, anywhere: 0, none: 0 };
    for (const q of inputs) {
      const anywhere = await idsWhere(t, ilike(orders.id, containsPattern(q)));
      expect({ q, ids: await idsWhere(t, orderIdContains(q)) }).toEqual({ q, ids: anywhere });
      searches[orderIdSearch(q)] += 1;
    }
    expect(searches.start).toBeGreaterThan(150);
    expect(searches.none).toBeGreaterThanOrEqual(10);
    expect(searches.anywhere).toBeGreaterThan(50);

    // Through the admin's list: the same orders, by a whole id and by an id's start in lower case.
    const admin = await signInAdmin(t);
    for (const [q, expected] of [
      ['SP-1700000000011-000002', ['SP-1700000000011-000002']],
      ['sp-170000000000', ['SP-1700000000001-000001']],
      ['SP-17000000000', ['SP-17000000000-170000', 'SP-1700000000001-000001', 'SP-1700000000011-000002']],
    ] as const) {
      const listed = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}`, cookies: admin });
      expect(listed.json<AdminOrderSummary[]>().map((order) => order.id).sort()).toEqual([...expected]);
      expect(listed.headers['x-total-count']).toBe(String(expected.length));
    }
  });
});
