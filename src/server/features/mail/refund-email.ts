import { createElement } from 'react';
import type { CurrencyCode } from '#domain/currencies';
import { parseMoney, type Cents } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import type { Email } from '#server/lib/email/index';
import { localeOr, wordsIn } from '#server/lib/i18n/index';
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
  /** The order's language and currency (decision 0107): a refund is in the order's currency; English and USD when absent. */
  locale?: string;
  currency?: CurrencyCode;
}

/**
 * The customer's email about one refund: how much, of which order, and what is left or that
 * the service ended. Written in the refund's transaction, sent after its commit (decision 0028).
 */
export function refundMail(order: RefundedOrder, amountCents: Cents, { full, serviceEnded }: { full: boolean; serviceEnded: boolean }): Email {
  const words = wordsIn(localeOr(order.locale));
  const { t } = words;
  const price = (cents: Cents) => words.price(cents, order.currency ?? 'USD');
  const left = price(refundableCents(order));
  const after = full
    ? t(serviceEnded ? 'refund.fullEnded' : 'refund.full')
    : order.paymentStatus === 'needs_review'
      ? t('refund.underReview', { left })
      : t('refund.continues', { left });
  const amount = price(amountCents);
  const refundedSoFar = price(parseMoney(order.refundedAmount));
  const total = price(parseMoney(order.totalAmount));
  const text = [
    t('mail.hello', { name: order.customerName }),
    '',
    t('refund.body', { amount, orderId: order.id }),
    t('refund.soFarLine', { soFar: refundedSoFar, total }),
    after,
    ...(order.paymentMethod === 'card' ? [t('refund.cardNote')] : []),
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
    locale: words.locale,
  });
  return { to: order.customerEmail, subject: t('refund.subject', { amount, orderId: order.id }), text, html };
}
