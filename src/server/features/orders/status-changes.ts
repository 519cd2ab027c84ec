import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { refusedTransition, statusesBefore, type OrderStatus } from '#domain/order-status';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import { conflict, type DomainError, notFound } from '#domain/errors';
import { findOrder, lockOrder, type OrderRow } from './order-row';

/**
 * Every change of an order's status, here and nowhere else (ARCHITECTURE: the order's status
 * changes only in the orders feature): one conditional UPDATE guarded by the table of
 * domain/order-status.ts, so of any number of concurrent changes only the allowed ones
 * apply, each once (D9), and no read precedes the write (docs/decisions/0023).
 */

export interface StatusChange {
  to: OrderStatus;
  /** Narrower than the table: only from these (an admin honours only an order that needs review). */
  from?: readonly OrderStatus[];
  /** Other columns written with the status (a reason, the payment's evidence). */
  set?: Omit<PgUpdateSetSource<typeof orders>, 'paymentStatus'>;
  /** More conditions of the same UPDATE (the payment is the order's own and paid it in full). */
  where?: SQL;
}

function allowedFrom(change: StatusChange): OrderStatus[] {
  const allowed = statusesBefore(change.to);
  return change.from ? allowed.filter((status) => change.from!.includes(status)) : allowed;
}

/**
 * `UPDATE orders SET payment_status = <to>, ... WHERE id = $1 AND payment_status IN (<the
 * statuses that may become to>) RETURNING *`, not yet run, so that a statement may embed it
 * (the completing CTE of purchase-notification.ts).
 */
export function statusUpdate(db: DbOrTx, orderId: string | Placeholder, change: StatusChange) {
  return db
    .update(orders)
    .set({ updatedAt: sql`now()`, ...change.set, paymentStatus: change.to })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, allowedFrom(change)), change.where))
    .returning();
}

/** Performs the change: the order as it now is, or null when it was refused and nothing changed. */
export async function changeOrderStatus(db: DbOrTx, orderId: string, change: StatusChange): Promise<OrderRow | null> {
  const [changed] = await statusUpdate(db, orderId, change);
  return changed ?? null;
}

/**
 * What a refused change answers when its caller has nothing more precise to say: 404, or
 * 409 naming both statuses. Read after the UPDATE found nothing, never before it.
 */
export async function statusChangeRefusal(db: DbOrTx, orderId: string, to: OrderStatus): Promise<DomainError> {
  const order = await findOrder(db, orderId);
  return order ? conflict(refusedTransition(orderId, order.paymentStatus, to)) : notFound('Order not found');
}

/**
 * A declined payment, or one that can no longer come (decision 0004); never touches a paid
 * order. `isOrdersPayment` restricts it to the order's own payment, in the same UPDATE.
 */
export function markOrderPaymentFailed(db: DbOrTx, orderId: string, reason: string, isOrdersPayment?: SQL): Promise<OrderRow | null> {
  return changeOrderStatus(db, orderId, { to: 'failed', set: { failureReason: reason }, where: isOrdersPayment });
}

/**
 * Holds an unpaid order for an admin (crypto partially paid, say); never touches a paid
 * order. `receivedAmount`: what a part-paid payment brought, all a refund can give back.
 */
export function markOrderNeedsReview(db: DbOrTx, orderId: string, reason: string, receivedAmount?: string): Promise<OrderRow | null> {
  return changeOrderStatus(db, orderId, { to: 'needs_review', set: { failureReason: reason, ...(receivedAmount ? { receivedAmount } : {}) } });
}

/** An admin accepts a needs_review order as it stands: it becomes completed, once. Null when it was not waiting. */
export function markOrderHonoured(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  return changeOrderStatus(tx, orderId, {
    to: 'completed',
    from: ['needs_review'],
    set: { paidAt: sql`coalesce(${orders.paidAt}, now())`, failureReason: null },
  });
}

/**
 * The order becomes refunded, once: the row as it was, or null when it was not refundable
 * (or is already refunded). The row is locked and read first only for the audit row's
 * "before"; the guard is the UPDATE's.
 */
export async function markOrderRefunded(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const before = await lockOrder(tx, orderId);
  if (!before) return null;
  return (await changeOrderStatus(tx, orderId, { to: 'refunded' })) ? before : null;
}
