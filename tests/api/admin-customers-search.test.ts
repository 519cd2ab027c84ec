import { describe, expect, it } from 'vitest';
import type { AdminCustomerRecord } from '../../src/contract/admin';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

// Decision 0069: each of a search's shapes (an order id's start or digits, an address, any
// other text) is one statement built once; every call of a shape, the first and the later ones,
// finds the same records, a page at a time, with the total.
describe("the admin's search of the customer records", () => {
  const t = useTestApp();

  it('finds by an order id, an address and a name, a page at a time with its total, on every call', async () => {
    const { oneMonth } = await seededPackages(t.app);
    const emails = ['ann.smith@example.com', 'bob.smith@example.org', 'carol@example.net'];
    const made = [];
    for (const email of emails) made.push(await paidOrder(t, { packageId: oneMonth.id, email }));
    await t.services.jobs.drain();
    const admin = await signInAdmin(t);
    const search = async (query: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/admin/customers?${query}`, cookies: admin });
      expect(answer.statusCode, query).toBe(200);
      return { emails: answer.json<AdminCustomerRecord[]>().map((record) => record.customerEmail), total: answer.headers['x-total-count'] };
    };
    const carolsOrder = made[2]!.id;

    for (let call = 0; call < 3; call++) {
      // An order id, whole and by its start in lower case (the id's range).
      expect(await search(`q=${carolsOrder}`)).toEqual({ emails: ['carol@example.net'], total: '1' });
      expect(await search(`q=${carolsOrder.slice(0, -2).toLowerCase()}`)).toEqual({ emails: ['carol@example.net'], total: '1' });
      // Its digits without the 'SP-' (anywhere in an id, by the trigram index).
      expect(await search(`q=${carolsOrder.slice(3)}`)).toEqual({ emails: ['carol@example.net'], total: '1' });
      // An address's end and its domain's start (the local part's range): two, one per page, counted.
      expect(await search('q=smith@example&limit=1')).toEqual({ emails: ['bob.smith@example.org'], total: '2' });
      expect(await search('q=SMITH@EXAMPLE&limit=1&offset=1')).toEqual({ emails: ['ann.smith@example.com'], total: '2' });
      // Any other text: the customers' name, on every record, newest payment first.
      expect(await search('q=grace%20hop&limit=2')).toEqual({ emails: ['carol@example.net', 'bob.smith@example.org'], total: '3' });
      expect(await search('q=Hopper&limit=2&offset=2')).toEqual({ emails: ['ann.smith@example.com'], total: '3' });
      // Nothing found in each shape.
      expect(await search('q=SP-9')).toEqual({ emails: [], total: '0' });
      expect(await search('q=nobody@example.com')).toEqual({ emails: [], total: '0' });
      expect(await search('q=zzz')).toEqual({ emails: [], total: '0' });
    }
  });
});
