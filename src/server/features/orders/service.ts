import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { formatMoney, type Cents } from '#domain/money';
import type { OrderSummary } from '#contract/checkout';
import type { Db, DbOrTx } from '#server/db/connect';
import { orders } from '#server/db/schema';
import type { AuditActor } from '../audit/service';
import type { CardPaymentProvider } from '#server/providers/payments/index';
import { createAdminOrderActions, type ServiceHooks } from './admin-actions';
import { completeAndNotify } from './purchase-notification';
import { abandonedReservations, releaseReservation, takeCouponUseAtPayment, type AbandonedWindow } from './coupon-use';
import { setGiftCardDelivered } from './gift-cards';

export type OrderRow = typeof orders.$inferSelect;

// Every other feature's write to an order goes through these.
export * from './order-writes';

/**
 * An order's payment_status: pending until paid; completed once; failed after a declined
 * payment (the buyer may still pay it); needs_review when money arrived that does not
 * settle the order as it stands (crypto partially paid, a mismatched amount), for an admin
 * to refund or honour; refunded after an admin's refund (decision 0021).
 */
export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'needs_review' | 'refunded';
const COMPLETABLE: PaymentStatus[] = ['pending', 'failed', 'needs_review'];

/** What the provider confirmed; kept on the order. */
export type PaymentEvidence =
  | { method: 'free' }
  /** With `paidCents`, the order completes only when it is a card order of exactly that total (D8). */
  | { method: 'card'; paymentIntentId: string; paidCents?: Cents }
  | { method: 'crypto'; paymentId: string };

export type CompletionResult =
  /** This call completed the order; the caller runs what follows a payment. */
  | { outcome: 'completed'; order: OrderRow }
  | { outcome: 'already_completed'; order: OrderRow }
  /** The payment is not this order's (another method, another payment): the order is left as it was. */
  | { outcome: 'refused'; order: OrderRow; reason: string }
  /** The order is not one a payment completes (held for review, say); it waits for an admin. */
  | { outcome: 'needs_review'; order: OrderRow; reason: string }
  | { outcome: 'not_found' };

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

const PAID: Record<OrderRow['paymentMethod'], string> = { card: 'by card', crypto: 'by crypto', free: 'free' };

/** The payment the evidence names, and the one the order holds for that method (null: none yet, or a free order). */
function paymentIds(order: Pick<OrderRow, 'stripePaymentIntentId' | 'cryptoPaymentId'>, evidence: PaymentEvidence) {
  if (evidence.method === 'card') return { given: evidence.paymentIntentId, stored: order.stripePaymentIntentId };
  if (evidence.method === 'crypto') return { given: evidence.paymentId, stored: order.cryptoPaymentId };
  return { given: null, stored: null };
}

/**
 * Why a confirmed payment is not this order's, or null when it is: a payment pays only an
 * order of its own method, and only the payment stored on the order (the first one, when
 * none is stored yet). A provider's signature says the payment is real, not whose it is (D8).
 */
export function paymentMismatch(order: Pick<OrderRow, 'id' | 'paymentMethod' | 'stripePaymentIntentId' | 'cryptoPaymentId'>, evidence: PaymentEvidence): string | null {
  if (order.paymentMethod !== evidence.method) {
    return `Order ${order.id} is ${order.paymentMethod === 'free' ? '' : 'paid '}${PAID[order.paymentMethod]}, not ${PAID[evidence.method]}`;
  }
  const { given, stored } = paymentIds(order, evidence);
  if (stored !== null && stored !== given) return `Order ${order.id} belongs to payment ${stored}, not ${given}`;
  return null;
}

/** paymentMismatch as a condition of the completing UPDATE itself, so no read of the order precedes it (docs/decisions/0023). */
function isOrdersPayment(evidence: PaymentEvidence): SQL {
  const method = eq(orders.paymentMethod, evidence.method);
  if (evidence.method === 'card') return and(method, or(isNull(orders.stripePaymentIntentId), eq(orders.stripePaymentIntentId, evidence.paymentIntentId)))!;
  if (evidence.method === 'crypto') return and(method, or(isNull(orders.cryptoPaymentId), eq(orders.cryptoPaymentId, evidence.paymentId)))!;
  return method;
}

/** The provider's amount checked in the completing UPDATE itself, so no read of the order precedes it. */
function paidInFull(evidence: PaymentEvidence): SQL | undefined {
  if (evidence.method !== 'card' || evidence.paidCents === undefined) return undefined;
  return eq(orders.totalAmount, formatMoney(evidence.paidCents));
}

function evidenceColumns(evidence: PaymentEvidence) {
  if (evidence.method === 'card') return { stripePaymentIntentId: evidence.paymentIntentId };
  if (evidence.method === 'crypto') return { cryptoPaymentId: evidence.paymentId };
  return {};
}

/**
 * The completing UPDATE's new values and its condition: still completable, paid by this
 * order's own payment, and in full when the provider said how much.
 */
function completion(orderId: string, evidence: PaymentEvidence) {
  return {
    set: { paymentStatus: 'completed' as const, paidAt: sql`now()`, updatedAt: sql`now()`, failureReason: null, ...evidenceColumns(evidence) },
    where: and(eq(orders.id, orderId), inArray(orders.paymentStatus, COMPLETABLE), isOrdersPayment(evidence), paidInFull(evidence))!,
  };
}

/**
 * The pending -> completed transition, inside the caller's transaction. The conditional
 * UPDATE lets exactly one of any number of concurrent callers through (D9); only that one
 * writes the purchase notification. Returns null for the others. The coupon use was reserved
 * at checkout; an order holding none takes one now, past the limit if need be: a paid buyer
 * always gets the order (decision 0020).
 */
export async function completeInTransaction(tx: DbOrTx, orderId: string, evidence: PaymentEvidence): Promise<OrderRow | null> {
  const { set, where } = completion(orderId, evidence);
  const completed = await completeAndNotify(tx, set, where);
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
 * does both in one transaction (docs/decisions/0023).
 */
export async function completeOrder(db: Db, orderId: string, evidence: PaymentEvidence): Promise<CompletionResult> {
  const { set, where } = completion(orderId, evidence);
  const completed = (await completeAndNotify(db, set, and(where, takesNoCouponUse)!)) ?? (await completeTakingCouponUse(db, orderId, evidence));
  if (completed) return { outcome: 'completed', order: completed };
  const order = await findOrder(db, orderId);
  if (!order) return { outcome: 'not_found' };
  const mismatch = paymentMismatch(order, evidence);
  if (mismatch) return { outcome: 'refused', order, reason: mismatch };
  if (order.paymentStatus === 'completed') return { outcome: 'already_completed', order };
  return { outcome: 'needs_review', order, reason: order.failureReason ?? 'The order cannot be completed' };
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

/** Records a failed payment on an order still awaiting one; never touches a paid order. */
export async function markOrderPaymentFailed(db: DbOrTx, orderId: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ paymentStatus: 'failed', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, ['pending', 'failed'])))
    .returning({ id: orders.id });
  return updated.length === 1;
}

/** Holds an unpaid order for an admin (crypto partially paid, say); never touches a paid order. */
export async function markOrderNeedsReview(db: DbOrTx, orderId: string, reason: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ paymentStatus: 'needs_review', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, COMPLETABLE)))
    .returning({ id: orders.id });
  return updated.length === 1;
}

export interface AwaitingPaymentWindow {
  placedBefore: Date;
  cardPlacedAfter: Date;
  cryptoPlacedAfter: Date;
  limit: number;
}

/**
 * Unpaid orders with a payment at the provider, placed before `placedBefore` and after
 * their method's start, newest first: card orders pending or declined (the buyer may pay
 * with another card), crypto orders pending. For reconciliation (docs/decisions/0015).
 */
export async function ordersAwaitingPayment(db: DbOrTx, window: AwaitingPaymentWindow): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        lte(orders.createdAt, window.placedBefore),
        or(
          and(
            eq(orders.paymentMethod, 'card'),
            gt(orders.createdAt, window.cardPlacedAfter),
            inArray(orders.paymentStatus, ['pending', 'failed']),
            isNotNull(orders.stripePaymentIntentId),
          ),
          and(
            eq(orders.paymentMethod, 'crypto'),
            gt(orders.createdAt, window.cryptoPlacedAfter),
            eq(orders.paymentStatus, 'pending'),
            isNotNull(orders.cryptoPaymentId),
          ),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(window.limit);
}

export function toOrderSummary(order: OrderRow): OrderSummary {
  return {
    id: order.id,
    packageId: order.packageId,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    deviceCount: Number(order.deviceCount),
    couponCode: order.couponCode,
    subtotalAmount: order.subtotalAmount,
    couponDiscount: order.couponDiscount,
    totalAmount: order.totalAmount,
    cashbackAmount: order.cashbackAmount,
  };
}

/** Where failures after a committed payment are reported: a request's or a job's logger. */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/** Where a completion also says why it refused a payment. */
export interface PaymentLog extends ErrorLog {
  warn(details: object, message: string): void;
}

/** app.services.orders: the transitions above, plus what follows a payment. */
export function createOrders(
  db: Db,
  options: { onOrderPaid(orderId: string): Promise<void>; cardPayments: CardPaymentProvider; service: ServiceHooks },
) {
  /** Runs once per paid order, after the payment is committed (subscriptions' onOrderPaid). */
  async function afterPaid(orderId: string, log: ErrorLog): Promise<void> {
    // The payment stands whatever happens here: a lost hand-off is picked up by the
    // subscriptions sweep of paid orders that were never fulfilled.
    await options.onOrderPaid(orderId).catch((err: unknown) => log.error({ err, orderId }, 'handing a paid order to subscriptions failed'));
  }

  const adminActions = createAdminOrderActions(db, { cardPayments: options.cardPayments, service: options.service, afterPaid });

  return {
    ...adminActions,
    findOrder: (orderId: string) => findOrder(db, orderId),
    ordersAwaitingPayment: (window: AwaitingPaymentWindow) => ordersAwaitingPayment(db, window),
    async completeOrder(orderId: string, evidence: PaymentEvidence, log: PaymentLog): Promise<CompletionResult> {
      const result = await completeOrder(db, orderId, evidence);
      if (result.outcome === 'completed') await afterPaid(orderId, log);
      if (result.outcome === 'refused') log.warn({ orderId, evidence, reason: result.reason }, 'a payment that is not this order\'s was refused; the order is unchanged');
      return result;
    },
    afterPaid,
    markOrderPaymentFailed: (orderId: string, reason: string) => markOrderPaymentFailed(db, orderId, reason),
    /** The order's payment can no longer come (a crypto payment expired or failed): failed, and its coupon use given back. */
    markOrderUnpayable: (orderId: string, reason: string) =>
      db.transaction(async (tx) => {
        await markOrderPaymentFailed(tx, orderId, reason);
        await releaseReservation(tx, orderId);
      }),
    abandonedReservations: (window: AbandonedWindow) => abandonedReservations(db, window),
    releaseReservation: (orderId: string) => db.transaction((tx) => releaseReservation(tx, orderId)),
    markOrderNeedsReview: (orderId: string, reason: string) => markOrderNeedsReview(db, orderId, reason),
    setGiftCardDelivered: (orderId: string, delivered: boolean, actor: AuditActor) => setGiftCardDelivered(db, orderId, delivered, actor),
  };
}

export type Orders = ReturnType<typeof createOrders>;

// For the refunds: whether an order holds a use of its coupon, and giving it back in the refund's transaction.
export { giveBackCouponUse, holdsCouponUse } from './coupon-use';

// The shipments of streaming box orders: every write to that table (./shipments.ts).
export { createShipment, markShipmentDelivered, moveCustomerShipments, moveOrderShipment, shippedMail, updateShipment } from './shipments';
