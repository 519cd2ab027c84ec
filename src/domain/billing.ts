import { parseMoney } from './money';
import { arrivedCents } from './refunds';

/**
 * The customer's billing history (the account's "Billing" section): which orders were
 * payments and how each one stands. Pure; features/reports reads the orders and asks this.
 */

export const BILLING_STATUSES = ['paid', 'part_paid', 'partly_refunded', 'refunded', 'failed'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export interface BillableOrder {
  /** orders.payment_status (domain/order-status.ts). */
  paymentStatus: string;
  paymentMethod: string;
  totalAmount: string;
  /** What a part-paid crypto payment brought (decision 0036); null when the total arrived. */
  receivedAmount: string | null;
  refundedAmount: string;
}

/**
 * How an order shows in the billing history, or null when it was no payment at all:
 * - a free order (a trial, a coupon that took the whole price) moved no money;
 * - an order still pending, or whose crypto invoice expired, was never paid: an abandoned
 *   checkout, not a payment;
 * - an order waiting for review (a crypto payment that fell short) is the store's to settle;
 *   it shows once honoured (part_paid: the store took what arrived as payment) or refunded.
 * A card the bank declined is a failed payment: at checkout (the buyer may pay the same order
 * with another card, and it then shows paid), or a renewal charge's last attempt.
 */
export function billingStatus(order: BillableOrder): BillingStatus | null {
  if (order.paymentMethod === 'free') return null;
  switch (order.paymentStatus) {
    case 'completed':
      if (parseMoney(order.refundedAmount) > 0) return 'partly_refunded';
      return arrivedCents(order) < parseMoney(order.totalAmount) ? 'part_paid' : 'paid';
    case 'refunded':
      return 'refunded';
    case 'failed':
      return order.paymentMethod === 'card' ? 'failed' : null;
    default:
      return null;
  }
}
