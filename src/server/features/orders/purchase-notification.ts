import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { purchaseNotifications } from './schema';
import type { OrderRow } from './order-row';
import { statusUpdate, type StatusChange } from './status-changes';

/** The admin's purchase notification of a paid order; once per order. */
export async function recordPurchaseNotification(tx: DbOrTx, order: OrderRow): Promise<void> {
  const [pkg] = await tx.select({ name: packages.name, duration: packages.duration }).from(packages).where(eq(packages.id, order.packageId));
  await tx
    .insert(purchaseNotifications)
    .values({
      orderId: order.id,
      packageName: pkg!.name,
      customerEmail: order.customerEmail,
      subscriptionDuration: pkg!.duration,
      deviceCount: Number(order.deviceCount),
      giftCard: order.selectedGiftCard,
      totalAmount: order.totalAmount,
    })
    .onConflictDoNothing({ target: purchaseNotifications.orderId });
}

/**
 * The completing status change of one order (status-changes.ts's guarded UPDATE) and the
 * purchase notification of the order it completed, as one statement (a data-modifying CTE):
 * one round trip where an UPDATE, a package read and an INSERT took three (decision 0023).
 * Returns the completed order, or nothing when the UPDATE's condition did not hold.
 */
export async function completeAndNotify(tx: DbOrTx, orderId: string, completion: StatusChange): Promise<OrderRow | undefined> {
  const [order] = await completeAndNotifyStatement(tx, orderId, completion);
  return order;
}

/** completeAndNotify's statement, not yet run; the order's id may be a placeholder (a statement built once, docs/decisions/0039). */
export function completeAndNotifyStatement(tx: DbOrTx, orderId: string | Placeholder, completion: StatusChange) {
  const completed = tx.$with('completed').as(statusUpdate(tx, orderId, completion));
  const noted = tx.$with('noted').as(
    tx
      .insert(purchaseNotifications)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            orderId: completed.id,
            packageName: packages.name,
            customerEmail: completed.customerEmail,
            subscriptionDuration: packages.duration,
            deviceCount: sql`${completed.deviceCount}::integer`.as('device_count'),
            giftCard: completed.selectedGiftCard,
            totalAmount: completed.totalAmount,
            timestamp: sql`now()`.as('timestamp'),
            // The completed order's kept revenue, which the notifications' tally counts
            // (drizzle/0019's triggers would bring a different value in line, at a write more).
            countedRevenue: sql`${completed.totalAmount} - ${completed.refundedAmount}`.as('counted_revenue'),
            countedCurrency: completed.currency,
          })
          .from(completed)
          .innerJoin(packages, eq(packages.id, completed.packageId)),
      )
      .onConflictDoNothing({ target: purchaseNotifications.orderId })
      .returning({ id: purchaseNotifications.id }),
  );
  return tx.with(completed, noted).select().from(completed);
}
