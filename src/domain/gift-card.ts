import type { Cents } from './money';

/** What decides whether an order's cashback gift card is earned, and whether it is still to be sent. */
export interface GiftCardFacts {
  paymentStatus: string;
  /** The gift card the buyer chose; null when none. */
  giftCard: string | null;
  cashback: Cents;
  total: Cents;
  delivered: boolean;
}

/**
 * A paid order that cost something and carries cashback with a chosen card earns its gift
 * card. A failed, pending, held or refunded order earns none (nothing was kept in payment),
 * nor does one free after its coupon, even if it was placed before checkout stopped giving
 * those cashback (decision 0020).
 */
export function earnsGiftCard(order: Omit<GiftCardFacts, 'delivered'>): boolean {
  return order.paymentStatus === 'completed' && order.giftCard !== null && order.cashback > 0 && order.total > 0;
}

/**
 * The store still has to send this order's gift card. The admin's gift-card queue writes the
 * same rule in SQL (reports/owed-gift-cards.ts) so that its partial index serves it.
 */
export function giftCardOwed(order: GiftCardFacts): boolean {
  return earnsGiftCard(order) && !order.delivered;
}
