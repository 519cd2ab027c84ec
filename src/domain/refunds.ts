import { parseMoney, type Cents } from './money';

/**
 * What an order can still give back (decision 0036): what the store received less the
 * refunds made so far. What arrived is the total, or what a part-paid crypto payment brought,
 * whatever the order's status since: honouring the order accepts it as paid, but brings in
 * no more money, while a later payment in full clears `receivedAmount`. Pure; the orders
 * feature, the admin's detail and the refund dialog all use it.
 */
export function refundableCents(order: { totalAmount: string; receivedAmount: string | null; refundedAmount: string }): Cents {
  return Math.max(0, arrivedCents(order) - parseMoney(order.refundedAmount));
}

/** What arrived for an order, before any refund: its total, or what a part-paid crypto payment brought (see refundableCents). */
export function arrivedCents(order: { totalAmount: string; receivedAmount: string | null }): Cents {
  return order.receivedAmount !== null ? parseMoney(order.receivedAmount) : parseMoney(order.totalAmount);
}

/** The status the owner reads of a completed order with part of its money given back. */
const PARTLY_REFUNDED = 'partly_refunded';

/**
 * An order's payment status as the admin's orders list, its detail and the orders CSV show
 * it: a completed order with a refund that left something is 'partly_refunded'. The order
 * itself stays completed, its subscription running (decision 0036); an order waiting for
 * review keeps saying so, as work waits on it.
 */
export function shownPaymentStatus(order: { paymentStatus: string; refundedAmount: string }): string {
  return order.paymentStatus === 'completed' && parseMoney(order.refundedAmount) > 0 ? PARTLY_REFUNDED : order.paymentStatus;
}

/**
 * A crypto payment's USD worth of what arrived, in proportion to what was asked: 7.995 of
 * 15.99 USDC asked for a $15.99 order is $7.99 (rounded down: never more than arrived).
 * Exact decimal arithmetic on the provider's strings, no floats; null when they are not numbers.
 */
export function receivedCents(priceCents: Cents, actuallyPaid: string, payAmount: string): Cents | null {
  const decimal = /^\d+(?:\.(\d+))?$/;
  if (!decimal.test(actuallyPaid) || !decimal.test(payAmount)) return null;
  const scale = Math.max(actuallyPaid.split('.')[1]?.length ?? 0, payAmount.split('.')[1]?.length ?? 0);
  const scaled = (text: string) => BigInt(text.replace('.', '') + '0'.repeat(scale - (text.split('.')[1]?.length ?? 0)));
  const paid = scaled(actuallyPaid);
  const asked = scaled(payAmount);
  if (asked === 0n) return null;
  const cents = (BigInt(priceCents) * paid) / asked;
  return Number(cents > BigInt(priceCents) ? BigInt(priceCents) : cents);
}
