import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { canBecome, ORDER_STATUSES } from '../../src/domain/order-status';
import { orders } from '../../src/server/schema';
import { changeOrderStatus, statusChangeRefusal } from '../../src/server/features/orders/status-changes';
import { STATUS_OF_DOMAIN_ERROR } from '../../src/server/http/errors';
import { seededPackages } from '../support/checkout';
import { pendingOrder } from '../support/paid-orders';
import { useTestApp } from '../support/test-app';

/**
 * Every (from, to) pair of domain/order-status.ts through the one conditional UPDATE that
 * changes an order's status, on a real database: allowed ones change the row, the others
 * are refused with a 409 that names both statuses and change nothing.
 */
describe('changing an order status', () => {
  const t = useTestApp();
  const rowOf = async (orderId: string) => (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

  async function orderIn(status: string) {
    const { oneMonth } = await seededPackages(t.app);
    const order = await pendingOrder(t, { packageId: oneMonth.id });
    await t.database.db.update(orders).set({ paymentStatus: status }).where(eq(orders.id, order.id));
    return rowOf(order.id);
  }

  it('walks every pair of the table: allowed ones succeed, the others are refused with a 409 and change nothing', async () => {
    const seen: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const before = await orderIn(from);
        const changed = await changeOrderStatus(t.database.db, before.id, { to });
        if (canBecome(from, to)) {
          expect(changed, `${from} -> ${to}`).toMatchObject({ id: before.id, paymentStatus: to });
          expect((await rowOf(before.id)).paymentStatus).toBe(to);
          seen.push(`${from} -> ${to}`);
        } else {
          expect(changed, `${from} -> ${to}`).toBeNull();
          const refusal = await statusChangeRefusal(t.database.db, before.id, to);
          expect({ statusCode: STATUS_OF_DOMAIN_ERROR[refusal.kind], message: refusal.message }).toEqual({
            statusCode: 409,
            message: `Order ${before.id} is ${from} and cannot become ${to}`,
          });
          expect(await rowOf(before.id)).toEqual(before);
        }
      }
    }
    // Ten, and a dispute's four (decision 0100): completed -> disputed | disputed_lost, disputed -> completed | disputed_lost.
    expect(seen).toHaveLength(14);
  });

  it('lets one of many concurrent changes to the same status through', async () => {
    const order = await orderIn('completed');
    const results = await Promise.all(Array.from({ length: 8 }, () => changeOrderStatus(t.database.db, order.id, { to: 'refunded' })));
    expect(results.filter((row) => row !== null)).toHaveLength(1);
    expect((await rowOf(order.id)).paymentStatus).toBe('refunded');
  });

  it('narrows the table for one change, and answers 404 for an order that does not exist', async () => {
    const pending = await orderIn('pending');
    expect(await changeOrderStatus(t.database.db, pending.id, { to: 'completed', from: ['needs_review'] })).toBeNull();
    expect(await rowOf(pending.id)).toEqual(pending);

    expect(await changeOrderStatus(t.database.db, 'SP-1-000000', { to: 'completed' })).toBeNull();
    const refusal = await statusChangeRefusal(t.database.db, 'SP-1-000000', 'completed');
    expect({ statusCode: STATUS_OF_DOMAIN_ERROR[refusal.kind], message: refusal.message }).toEqual({ statusCode: 404, message: 'Order not found' });
  });
});
