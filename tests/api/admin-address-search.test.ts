import { ilike, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummary } from '../../src/contract/admin-orders';
import { addressContains, containsPattern, localPartEnd } from '../../src/server/features/reports/address-search';
import { customers, orders } from '../../src/server/schema';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { pendingOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The search by an address (decision 0051) finds exactly what the match anywhere in any case
 * (`email ilike '%q%'`) finds, on orders and on customers: addresses whose local parts end
 * alike, whose domains start alike, in capitals, and with LIKE's own % and _ in them.
 */

const ADDRESSES = ['ann@x.com', 'joann@x.com', 'ann@x.com.au', 'ANN@X.ORG', 'a_n@x.com', 'a%n@x.com', 'jo.ann+tv@mail.x.com', 'nn@y.com', 'n@x.com'];

async function keysWhere(t: TestApp, table: typeof orders | typeof customers, email: typeof orders.customerEmail | typeof customers.email, where: SQL) {
  const rows = await t.database.db.select({ email }).from(table).where(where);
  return rows.map((row) => row.email).sort();
}

describe("the admin's search by an address", () => {
  const t = useTestApp();

  it('takes the address path only for one @ with something before it', () => {
    expect(localPartEnd('ann@x.com')).toBe('ann');
    expect(localPartEnd('nn@')).toBe('nn');
    expect(localPartEnd('@x.com')).toBeNull();
    expect(localPartEnd('a@b@c')).toBeNull();
    expect(localPartEnd('ann')).toBeNull();
    expect(localPartEnd('SP-1700000000001-000001')).toBeNull();
  });

  it('finds on orders and customers exactly what a match anywhere in any case finds', async () => {
    const { oneMonth } = await seededPackages(t.app);
    for (const address of ADDRESSES) {
      const order = await pendingOrder(t, { packageId: oneMonth.id, email: `${ADDRESSES.indexOf(address)}-${Date.now()}@seed.test` });
      // As written by SQL, so that capitals and LIKE's characters are in the rows as they are.
      await t.database.executeSql('update orders set customer_email = $1 where id = $2', [address, order.id]);
      await t.database.executeSql('update customers set email = $1 where id = (select customer_id from orders where id = $2)', [address, order.id]);
    }

    // Every piece of every address that holds its '@', in both cases, and a few more.
    const inputs = new Set<string>(['@x.com', 'ann@', 'ANN@', '%@x', '_nn@x.com', 'a_n@', 'a%n@x', 'a@b@c', '@', 'x.com', 'nn@x.com.au.', 'zz@x.com']);
    for (const address of ADDRESSES) {
      const at = address.indexOf('@');
      for (let start = 0; start <= at; start++) {
        for (let end = at + 1; end <= address.length; end++) {
          const piece = address.slice(start, end);
          inputs.add(piece);
          inputs.add(piece.toUpperCase());
        }
      }
    }
    let addressPaths = 0;
    for (const q of inputs) {
      if (localPartEnd(q) !== null) addressPaths += 1;
      for (const [table, email] of [
        [orders, orders.customerEmail],
        [customers, customers.email],
      ] as const) {
        const anywhere = await keysWhere(t, table, email, ilike(email, containsPattern(q)));
        expect({ q, table: table === orders ? 'orders' : 'customers', found: await keysWhere(t, table, email, addressContains(email, q)) }).toEqual({
          q,
          table: table === orders ? 'orders' : 'customers',
          found: anywhere,
        });
      }
    }
    expect(addressPaths).toBeGreaterThan(300);

    // Through the admin's orders list, with its total.
    const admin = await signInAdmin(t);
    for (const [q, expected] of [
      ['ann@x.com', ['ann@x.com', 'ann@x.com.au', 'joann@x.com']],
      ['NN@X.', ['ANN@X.ORG', 'ann@x.com', 'ann@x.com.au', 'joann@x.com']],
      ['a_n@', ['a_n@x.com']],
    ] as const) {
      const listed = await t.app.inject({ method: 'GET', url: `/api/admin/orders?q=${encodeURIComponent(q)}`, cookies: admin });
      expect(listed.json<AdminOrderSummary[]>().map((order) => order.customerEmail).sort()).toEqual([...expected].sort());
      expect(listed.headers['x-total-count']).toBe(String(expected.length));
    }
  });
});
