import { and, desc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { KEPT_STATUSES } from '#domain/order-status';
import { formatMoney, type Cents } from '#domain/money';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import type { OrderRow } from './order-row';
import { changeOrderStatus } from './status-changes';

/**
 * A card dispute's changes of its order (decision 0100), each one guarded UPDATE so that
 * duplicate and out-of-order provider events apply once: opened, a paid order becomes
 * disputed; won, a disputed order is completed again; lost, a paid or disputed order
 * becomes disputed_lost with what the bank took back. Each returns the order as it now
 * is, or null when the change was not for it (already made, or not a paid card order).
 */

export function markOrderDisputed(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  return changeOrderStatus(tx, orderId, { to: 'disputed', where: eq(orders.paymentMethod, 'card') });
}

export function markDisputeWon(tx: DbOrTx, orderId: string): Promise<OrderRow | null> {
  return changeOrderStatus(tx, orderId, { to: 'completed', from: ['disputed'] });
}

/** `lossCents`: the disputed amount and the provider's fee, subtracted from the figures once (the trigger's kept revenue). */
export function markDisputeLost(tx: DbOrTx, orderId: string, lossCents: Cents): Promise<OrderRow | null> {
  return changeOrderStatus(tx, orderId, { to: 'disputed_lost', set: { disputeLoss: formatMoney(lossCents) }, where: eq(orders.paymentMethod, 'card') });
}

/** The order a card PaymentIntent paid, of any method (a dispute of another method's order is refused by its caller); null when none. */
export async function orderOfPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.stripePaymentIntentId, paymentIntentId)).limit(1);
  return row ?? null;
}

/**
 * The customer's earlier card payments still kept (not refunded, not disputed) and paid
 * within [from, to]: the candidates of a dispute's prior undisputed payments (decision 0100),
 * newest first, at most `limit`. The same customer is the same account or the same address.
 */
export function keptCardPaymentsBetween(
  db: DbOrTx,
  of: { orderId: string; customerId: string | null; email: string },
  from: Date,
  to: Date,
  limit: number,
): Promise<OrderRow[]> {
  const sameCustomer = of.customerId ? or(eq(orders.customerId, of.customerId), eq(orders.customerEmail, of.email)) : eq(orders.customerEmail, of.email);
  return db
    .select()
    .from(orders)
    .where(
      and(
        sameCustomer,
        ne(orders.id, of.orderId),
        eq(orders.paymentMethod, 'card'),
        eq(orders.paymentStatus, 'completed'),
        isNotNull(orders.stripePaymentIntentId),
        gte(orders.paidAt, from),
        lte(orders.paidAt, to),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(limit);
}

/** How many orders an address placed, how many it paid and kept, and when it first ordered: a dispute's account history. */
export async function orderHistoryOf(db: DbOrTx, email: string): Promise<{ orders: number; paidOrders: number; firstOrderAt: Date | null }> {
  const [row] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      paidOrders: sql<number>`(count(*) filter (where ${inArray(orders.paymentStatus, [...KEPT_STATUSES])} and ${orders.totalAmount} > 0))::int`,
      firstOrderAt: sql<Date | null>`min(${orders.createdAt})`,
    })
    .from(orders)
    .where(eq(orders.customerEmail, email));
  return { orders: row?.orders ?? 0, paidOrders: row?.paidOrders ?? 0, firstOrderAt: row?.firstOrderAt ? new Date(row.firstOrderAt) : null };
}
