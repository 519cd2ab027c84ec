import { and, eq, isNull, or, type Placeholder, type SQL } from 'drizzle-orm';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { formatMoney, type Cents } from '#domain/money';
import { orders } from './schema';
import type { OrderRow } from './order-row';

/** What the provider confirmed; kept on the order. */
export type PaymentEvidence =
  | { method: 'free' }
  /**
   * With `paidCents`, the order completes only when it is a card order of exactly that total
   * (D8) in `paidCurrency` (upper-case ISO, USD when not given: decision 0104).
   */
  | { method: 'card'; paymentIntentId: string; paidCents?: Cents; paidCurrency?: string }
  | { method: 'crypto'; paymentId: string };

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
export function isOrdersPayment(evidence: PaymentEvidence): SQL {
  const method = eq(orders.paymentMethod, evidence.method);
  if (evidence.method === 'card') return and(method, or(isNull(orders.stripePaymentIntentId), eq(orders.stripePaymentIntentId, evidence.paymentIntentId)))!;
  if (evidence.method === 'crypto') return and(method, or(isNull(orders.cryptoPaymentId), eq(orders.cryptoPaymentId, evidence.paymentId)))!;
  return method;
}

/** The provider's amount checked in the completing UPDATE itself, so no read of the order precedes it. */
export function paidInFull(evidence: PaymentEvidence): SQL | undefined {
  if (evidence.method !== 'card' || evidence.paidCents === undefined) return undefined;
  return paidAmountIs(formatMoney(evidence.paidCents), evidence.paidCurrency ?? DEFAULT_CURRENCY);
}

/**
 * The order's total is exactly the amount paid, in the currency paid (a formatted amount and
 * a code, or their placeholders in a statement built once).
 */
export function paidAmountIs(amount: string | Placeholder, currency: string | Placeholder): SQL {
  return and(eq(orders.totalAmount, amount), eq(orders.currency, currency as CurrencyCode))!;
}

/** The columns that keep the evidence on the order: the first payment of an order that had none stored. */
export function evidenceColumns(evidence: PaymentEvidence) {
  if (evidence.method === 'card') return { stripePaymentIntentId: evidence.paymentIntentId };
  if (evidence.method === 'crypto') return { cryptoPaymentId: evidence.paymentId };
  return {};
}
