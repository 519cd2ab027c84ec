import { createElement } from 'react';
import { formatDollars, parseMoney, type Cents } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import type { Email } from '#server/lib/email/index';
import { RefundEmail } from './templates/refund';

/** The order's facts a refund's email reads (the orders feature's row has them all). */
export interface RefundedOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: 'card' | 'crypto' | 'free';
  paymentStatus: string;
  totalAmount: string;
  receivedAmount: string | null;
  refundedAmount: string;
}

/**
 * The customer's email about one refund: how much, of which order, and what is left or that
 * the service ended. Written in the refund's transaction, sent after its commit (decision 0028).
 */
export function refundMail(order: RefundedOrder, amountCents: Cents, { full, serviceEnded }: { full: boolean; serviceEnded: boolean }): Email {
  const left = formatDollars(refundableCents(order));
  const after = full
    ? `Everything paid for this order has now been refunded${serviceEnded ? ', and the subscription it paid for has ended' : ''}.`
    : order.paymentStatus === 'needs_review'
      ? `${left} of what you paid stays with the order while we review it.`
      : `Your subscription continues; ${left} of the order remains paid.`;
  const amount = formatDollars(amountCents);
  const refundedSoFar = formatDollars(parseMoney(order.refundedAmount));
  const total = formatDollars(parseMoney(order.totalAmount));
  const text = [
    `Hello ${order.customerName},`,
    '',
    `We have refunded ${amount} of your StreamPlus order ${order.id}.`,
    `Refunded so far: ${refundedSoFar} of ${total}.`,
    after,
    ...(order.paymentMethod === 'card' ? ['A card refund usually reaches your statement within 5 to 10 business days.'] : []),
    '',
    'StreamPlus',
  ].join('\n');
  const html = createElement(RefundEmail, {
    customerName: order.customerName,
    orderId: order.id,
    amount,
    refundedSoFar,
    total,
    after,
    paidByCard: order.paymentMethod === 'card',
  });
  return { to: order.customerEmail, subject: `Refund of ${amount} for order ${order.id}`, text, html };
}
