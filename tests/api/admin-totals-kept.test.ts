import { describe, expect, it } from 'vitest';
import type { AdminStats } from '../../src/contract/admin';
import { signInAdmin } from '../support/admins';
import { seededPackages } from '../support/checkout';
import { paidOrder, pendingOrder } from '../support/paid-orders';
import { useTestApp, type TestApp } from '../support/test-app';

/**
 * The totals drizzle/0022's triggers keep (decision 0055) against the same counts over
 * every row: the orders of each status and package, the paid boxes not yet shipped, and the
 * outbox's emails, after boxes are paid, shipped, delivered, sent back to processing and
 * refunded, orders change status, and emails are written and deleted.
 */

const sqlRows = async (t: TestApp, text: string, values: unknown[] = []) => (await t.database.executeSql(text, values)).rows;

const LISTS = [
  '/api/admin/orders?paymentStatus=completed',
  '/api/admin/orders?paymentStatus=refunded',
  '/api/admin/orders?paymentStatus=pending',
  '/api/admin/orders?packageId=streaming-box',
  '/api/admin/orders?packageId=streaming-box&paymentStatus=completed',
  '/api/admin/orders?packageId=streaming-box&paymentStatus=refunded',
];

/** Each list's total and the badge, as the admin's screens read them. */
async function asKept(t: TestApp, admin: { asid: string }) {
  const get = (url: string) => t.app.inject({ method: 'GET', url, cookies: admin });
  const totals: Record<string, number> = {};
  for (const url of [...LISTS, '/api/admin/outbox']) totals[url] = Number((await get(url)).headers['x-total-count']);
  const stats = (await get('/api/admin/stats')).json<AdminStats>();
  return { totals, boxesToShip: stats.waiting.boxesToShip };
}

/** The same, counted over the rows. */
async function fromScratch(t: TestApp) {
  const count = async (text: string, values: unknown[] = []) => Number((await sqlRows(t, text, values))[0]!.count);
  const byList = (status: string | null, packageId: string | null) =>
    count(`select count(*) from orders where ($1::text is null or payment_status = $1) and ($2::text is null or package_id = $2)`, [status, packageId]);
  const totals: Record<string, number> = {};
  for (const url of LISTS) {
    const query = new URL(url, 'http://store').searchParams;
    totals[url] = await byList(query.get('paymentStatus'), query.get('packageId'));
  }
  totals['/api/admin/outbox'] = await count('select count(*) from mail_outbox');
  const boxesToShip = await count(
    `select count(*) from orders o where o.payment_status = 'completed' and o.requires_shipping
        and not exists (select 1 from shipments s where s.order_id = o.id and s.status in ('shipped', 'delivered'))`,
  );
  return { totals, boxesToShip };
}

describe('the totals the writers keep equal the same totals from scratch', () => {
  const t = useTestApp();

  it('through boxes paid, shipped, delivered, sent back and refunded, status changes and emails deleted', async () => {
    const admin = await signInAdmin(t);
    const { oneMonth } = await seededPackages(t.app);
    const ship = (orderId: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/admin/shipments/${encodeURIComponent(orderId)}`, payload, cookies: admin });

    const boxes = [];
    for (let i = 0; i < 4; i++) boxes.push(await paidOrder(t, { packageId: 'streaming-box' }));
    await pendingOrder(t, { packageId: 'streaming-box' });
    await paidOrder(t, { packageId: oneMonth.id, totalAmount: '15.99' });
    await pendingOrder(t, { packageId: oneMonth.id, totalAmount: '15.99' });
    await t.services.jobs.drain();
    let kept = await asKept(t, admin);
    expect(kept).toEqual(await fromScratch(t));
    // The literals of this mix: four paid boxes, none shipped; five box orders in all.
    expect(kept.boxesToShip).toBe(4);
    expect(kept.totals['/api/admin/orders?packageId=streaming-box']).toBe(5);
    expect(kept.totals['/api/admin/outbox']).toBeGreaterThan(0);

    // One box leaves, then arrives (still not waiting); another leaves.
    expect((await ship(boxes[0]!.id, { status: 'shipped', trackingNumber: 'T-1' })).statusCode).toBe(200);
    expect((await ship(boxes[0]!.id, { status: 'delivered' })).statusCode).toBe(200);
    expect((await ship(boxes[1]!.id, { status: 'shipped', trackingNumber: 'T-2' })).statusCode).toBe(200);
    await t.services.jobs.drain();
    kept = await asKept(t, admin);
    expect(kept).toEqual(await fromScratch(t));
    expect(kept.boxesToShip).toBe(2);

    // A shipped box comes back to processing, a waiting box and a shipped one are refunded,
    // a pending order fails, and the oldest emails are deleted.
    await sqlRows(t, `update shipments set status = 'processing' where order_id = $1`, [boxes[1]!.id]);
    await sqlRows(t, `update orders set payment_status = 'refunded' where id = any($1)`, [[boxes[2]!.id, boxes[0]!.id]]);
    await sqlRows(t, `update orders set payment_status = 'failed' where payment_status = 'pending' and package_id = $1`, [oneMonth.id]);
    await sqlRows(t, `delete from mail_outbox where id in (select id from mail_outbox order by created_at limit 2)`);
    kept = await asKept(t, admin);
    expect(kept).toEqual(await fromScratch(t));
    expect(kept.boxesToShip).toBe(2);
    expect(kept.totals['/api/admin/orders?packageId=streaming-box&paymentStatus=refunded']).toBe(2);

    // Rebuilt from scratch by the migration's own functions: the same totals.
    await sqlRows(t, 'select order_figures_rebuild(), mail_outbox_figures_rebuild()');
    expect(await asKept(t, admin)).toEqual(kept);
  });

  it('counts a package id of any text, wildcards and colons included, as no orders', async () => {
    const admin = await signInAdmin(t);
    await paidOrder(t, { packageId: 'streaming-box' });
    for (const packageId of ['%', 'streaming-box:x', '_treaming-box', 'streaming%']) {
      const list = await t.app.inject({ method: 'GET', url: `/api/admin/orders?packageId=${encodeURIComponent(packageId)}`, cookies: admin });
      expect(list.statusCode, packageId).toBe(200);
      expect(list.headers['x-total-count'], packageId).toBe('0');
      expect(list.json(), packageId).toEqual([]);
    }
  });
});
