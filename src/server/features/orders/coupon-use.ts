import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { AWAITING_PAYMENT } from '#domain/order-status';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import { countCouponUse, countCouponUsePastLimit, releaseCouponUse } from '#server/features/coupons/index';
import type { OrderRow } from './order-row';

/**
 * The one use of its coupon an order holds (orders.coupon_reserved), decision 0020: reserved
 * by checkout in the order's own transaction, kept once paid, given back when the payment can
 * no longer come or the order is refunded. The flag and the coupon's count change together.
 */

/** Whether the order holds a use of its coupon (a refund gives it back). */
export function holdsCouponUse(order: Pick<OrderRow, 'couponCode' | 'couponReserved'>): boolean {
  return order.couponCode !== null && order.couponReserved;
}

export function pastLimitNote(couponCode: string): string {
  return `Paid after coupon ${couponCode} reached its usage limit: the discount was honoured past the limit`;
}

/**
 * At payment, for an order that holds no use of its coupon (placed before decision 0020, or
 * its reservation was given back while it was unpaid): counts one. When the coupon ran out
 * meanwhile the buyer has paid all the same, so the use is counted past the limit and the
 * order says so to the admin. Returns the order as it now stands.
 */
export async function takeCouponUseAtPayment(tx: DbOrTx, order: OrderRow): Promise<OrderRow> {
  if (!order.couponCode || order.couponReserved) return order;
  const withinLimit = await countCouponUse(tx, order.couponCode);
  if (!withinLimit) await countCouponUsePastLimit(tx, order.couponCode);
  const [held] = await tx
    .update(orders)
    .set({ couponReserved: true, failureReason: withinLimit ? null : pastLimitNote(order.couponCode) })
    .where(eq(orders.id, order.id))
    .returning();
  return held!;
}

async function giveBackWhere(tx: DbOrTx, condition: SQL): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ couponReserved: false, updatedAt: sql`now()` })
    .where(and(condition, eq(orders.couponReserved, true), isNotNull(orders.couponCode)))
    .returning({ couponCode: orders.couponCode });
  if (!released) return false;
  await releaseCouponUse(tx, released.couponCode!);
  return true;
}

/** Gives back the use the order holds, whatever its status (a refund); false when it holds none. Run in the refund's transaction. */
export function giveBackCouponUse(tx: DbOrTx, orderId: string): Promise<boolean> {
  return giveBackWhere(tx, eq(orders.id, orderId));
}

/** Gives back the reservation of an order still unpaid; never touches a paid or held order. */
export function releaseReservation(tx: DbOrTx, orderId: string): Promise<boolean> {
  return giveBackWhere(tx, and(eq(orders.id, orderId), inArray(orders.paymentStatus, [...AWAITING_PAYMENT]))!);
}

export interface AbandonedWindow {
  /** Card orders, and crypto orders that never got a payment, placed before this. */
  placedBefore: Date;
  /** Crypto orders with a payment at the provider, placed before this. */
  cryptoPlacedBefore: Date;
  limit: number;
}

/** Unpaid orders still holding a reservation whose buyer has left, oldest first. */
export async function abandonedReservations(db: DbOrTx, window: AbandonedWindow): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        // Written as the partial index's predicate (no parameters), so the planner uses it.
        sql`${orders.couponReserved} and ${orders.paymentStatus} in ('pending', 'failed')`,
        lte(orders.createdAt, window.placedBefore),
        or(ne(orders.paymentMethod, 'crypto'), isNull(orders.cryptoPaymentId), lte(orders.createdAt, window.cryptoPlacedBefore)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(window.limit);
}
