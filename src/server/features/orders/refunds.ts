import { hash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { formatMoney, type Cents } from '#domain/money';
import type { DbOrTx } from '#server/db/connect';
import type { CardRefund } from '#server/providers/payments/index';
import type { AuditActor } from '#domain/actors';
import { orderRefunds, orders } from './schema';
import { lockOrder, type OrderRow } from './order-row';

/**
 * The order's refunds, each its own row (decision 0036): opened as 'pending' with the order
 * row locked while what is left is computed, settled in the transaction that counts it on
 * the order. Every write to order_refunds is here.
 */

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/** Who a refund the store made by itself is by, as the order's refunds list it. */
export const STORE_REFUND_AUTHOR = 'the store';

/** The provider's idempotency key of one refund row: a retry of the same row is the same refund at the provider. */
export const refundIdempotencyKey = (refundId: string) => `refund-${refundId}`;

/** What one refund request asks, as one value: its order, the amount (null: all that is left) and the note. */
export function refundRequestFingerprint(orderId: string, amountCents: Cents | undefined, note: string | undefined): string {
  return hash('sha256', JSON.stringify([orderId, amountCents ?? null, note ?? null]), 'base64url');
}

/** The refund an Idempotency-Key made, on any order (a key names one request, as at Stripe). */
export async function refundByRequestKey(tx: DbOrTx, requestKey: string): Promise<OrderRefundRow | null> {
  const [row] = await tx.select().from(orderRefunds).where(eq(orderRefunds.requestKey, requestKey)).limit(1);
  return row ?? null;
}

/** A refund opened and not yet settled: its provider call failed or the process stopped midway. */
export async function unsettledRefund(tx: DbOrTx, orderId: string): Promise<OrderRefundRow | null> {
  const [row] = await tx
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'pending')))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(1);
  return row ?? null;
}

export async function openRefundRow(
  tx: DbOrTx,
  values: { orderId: string; amountCents: Cents; note: string | undefined; requestKey: string | undefined; requestFingerprint: string | undefined; actor: AuditActor | null },
): Promise<OrderRefundRow> {
  const [row] = await tx
    .insert(orderRefunds)
    .values({
      orderId: values.orderId,
      amount: formatMoney(values.amountCents),
      note: values.note ?? null,
      requestKey: values.requestKey ?? null,
      requestFingerprint: values.requestKey ? (values.requestFingerprint ?? null) : null,
      // The store's own refund (an early fraud warning's, decision 0100) names no admin.
      adminId: values.actor?.id ?? null,
      adminUsername: values.actor?.username ?? STORE_REFUND_AUTHOR,
    })
    .returning();
  return row!;
}

/**
 * Settles a pending refund once (a concurrent settle of the same row finds it done: null)
 * and adds it to the order's refunded sum, the order row locked. Returns the order after it.
 */
export async function settleRefundRow(tx: DbOrTx, refundId: string, providerRefund: CardRefund | null): Promise<{ refund: OrderRefundRow; order: OrderRow } | null> {
  const [pending] = await tx.select({ orderId: orderRefunds.orderId }).from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!pending || !(await lockOrder(tx, pending.orderId))) return null;
  const [refund] = await tx
    .update(orderRefunds)
    .set({ status: providerRefund ? providerRefund.status : 'manual', providerRefundId: providerRefund?.id ?? null, providerStatus: providerRefund?.status ?? null })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
    .returning();
  if (!refund) return null;
  const [order] = await tx
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${refund.amount}::numeric`, updatedAt: sql`now()` })
    .where(eq(orders.id, refund.orderId))
    .returning();
  return { refund, order: order! };
}
