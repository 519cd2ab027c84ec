import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import { takeCouponUseAtPayment } from './coupon-use';
import { findOrder, type OrderRow } from './order-row';
import { evidenceColumns, isOrdersPayment, paidAmountIs, paidInFull, paymentMismatch, type PaymentEvidence } from './payment-evidence';
import { DEFAULT_CURRENCY } from '#domain/currencies';
import { formatMoney } from '#domain/money';
import { PAYABLE } from '#domain/order-status';
import { prebuilt } from '#server/db/prebuilt';
import { completeAndNotify, completeAndNotifyStatement } from './purchase-notification';
import type { StatusChange } from './status-changes';

export type CompletionResult =
  /** This call completed the order; the caller runs what follows a payment. */
  | { outcome: 'completed'; order: OrderRow }
  | { outcome: 'already_completed'; order: OrderRow }
  /** The payment is not this order's (another method, another payment): the order is left as it was. */
  | { outcome: 'refused'; order: OrderRow; reason: string }
  /** The order is not one a payment completes (held for review, say); it waits for an admin. */
  | { outcome: 'needs_review'; order: OrderRow; reason: string }
  | { outcome: 'not_found' };

/**
 * The change a payment makes: to completed, by this order's own payment, and in full when
 * the provider said how much; `where` adds a condition of the caller's.
 */
function completion(evidence: PaymentEvidence, where?: SQL): StatusChange {
  return {
    to: 'completed',
    from: PAYABLE,
    // Paid in full: what a part payment had brought no longer bounds a refund (domain/refunds).
    // Only a crypto payment arrives in parts: a card's completion, a purchase's hot path, writes no more.
    set: { paidAt: sql`now()`, failureReason: null, ...(evidence.method === 'crypto' ? { receivedAmount: null } : {}), ...evidenceColumns(evidence) },
    where: and(isOrdersPayment(evidence), paidInFull(evidence), where),
  };
}

/**
 * The payment's completion inside the caller's transaction. The conditional UPDATE lets
 * exactly one of any number of concurrent callers through (D9); only that one writes the
 * purchase notification. Returns null for the others. The coupon use was reserved at
 * checkout; an order holding none takes one now, past the limit if need be: a paid buyer
 * always gets the order (decision 0020).
 */
export async function completeInTransaction(tx: DbOrTx, orderId: string, evidence: PaymentEvidence): Promise<OrderRow | null> {
  const completed = await completeAndNotify(tx, orderId, completion(evidence));
  if (!completed) return null;
  return takeCouponUseAtPayment(tx, completed);
}

/** An order that takes no coupon use when paid: none, or one reserved at checkout. */
const takesNoCouponUse = or(isNull(orders.couponCode), eq(orders.couponReserved, true));

/**
 * Marks an order paid: one idempotent transition. Repeated and concurrent notices of one
 * payment give one 'completed' outcome; the rest see 'already_completed'. An order that
 * takes no coupon use (nearly all) completes in the one statement of completeAndNotify,
 * atomic by itself, with no BEGIN and COMMIT around it; one that takes a use at payment
 * does both in one transaction (docs/decisions/0023). Only when nothing completed is the
 * order read, to say why.
 */
export async function completeOrder(db: Db, orderId: string, evidence: PaymentEvidence): Promise<CompletionResult> {
  const completed = (await completeTakingNoCouponUse(db, orderId, evidence)) ?? (await completeTakingCouponUse(db, orderId, evidence));
  if (completed) return { outcome: 'completed', order: completed };
  const order = await findOrder(db, orderId);
  if (!order) return { outcome: 'not_found' };
  const mismatch = paymentMismatch(order, evidence);
  if (mismatch) return { outcome: 'refused', order, reason: mismatch };
  if (order.paymentStatus === 'completed') return { outcome: 'already_completed', order };
  return { outcome: 'needs_review', order, reason: order.failureReason ?? 'The order cannot be completed' };
}

/**
 * The completion nearly every purchase makes, a card payment of a stated amount, as one
 * statement built once (docs/decisions/0039): completion()'s own conditions, with the
 * payment's values as placeholders. The placeholder stands where the evidence holds a
 * string; drizzle binds it through the column as it would the string.
 */
const completeCardPaymentTakingNoCouponUse = prebuilt((db) =>
  completeAndNotifyStatement(
    db,
    sql.placeholder('orderId'),
    completion({ method: 'card', paymentIntentId: sql.placeholder('paymentIntentId') as unknown as string }, and(paidAmountIs(sql.placeholder('paidAmount'), sql.placeholder('paidCurrency')), takesNoCouponUse)),
  ),
);

/** The order completed by the evidence, when it holds no coupon it has not yet reserved; undefined otherwise. */
async function completeTakingNoCouponUse(db: Db, orderId: string, evidence: PaymentEvidence): Promise<OrderRow | undefined> {
  if (evidence.method === 'card' && evidence.paidCents !== undefined) {
    const [order] = await completeCardPaymentTakingNoCouponUse(db, { orderId, paymentIntentId: evidence.paymentIntentId, paidAmount: formatMoney(evidence.paidCents), paidCurrency: evidence.paidCurrency ?? DEFAULT_CURRENCY });
    return order;
  }
  return completeAndNotify(db, orderId, completion(evidence, takesNoCouponUse));
}

/** The rarer completion: an order holding a coupon it has not reserved takes its use in the same transaction. */
async function completeTakingCouponUse(db: Db, orderId: string, evidence: PaymentEvidence): Promise<OrderRow | null> {
  const [due] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), isNotNull(orders.couponCode), eq(orders.couponReserved, false)))
    .limit(1);
  return due ? db.transaction((tx) => completeInTransaction(tx, orderId, evidence)) : null;
}
