import type { AdminOrderSummary } from '#contract/admin-orders';
import { giftCardOwed, type GiftCardFacts } from '#domain/gift-card';
import { parseMoney } from '#domain/money';

type GiftCardOrder = Pick<AdminOrderSummary, 'paymentStatus' | 'giftCard' | 'giftCardDelivered' | 'cashbackAmount' | 'totalAmount'>;

export const giftCardFacts = (order: GiftCardOrder): GiftCardFacts => ({
  paymentStatus: order.paymentStatus,
  giftCard: order.giftCard,
  cashback: parseMoney(order.cashbackAmount),
  total: parseMoney(order.totalAmount),
  delivered: order.giftCardDelivered,
});

/** Why nothing is owed, for the statuses where the admin would otherwise wonder. */
const NOT_OWED: Record<string, string> = {
  refunded: 'not owed: refunded',
  failed: 'not owed: payment failed',
  pending: 'not owed until paid',
  needs_review: 'not owed while under review',
};

/**
 * The words in brackets after an order's gift card: 'owed' only while the store still has to
 * send it (domain/gift-card.ts), so a refunded or failed order never reads as a debt. Null
 * when there is nothing to add (a paid order whose cashback is zero).
 */
export function giftCardState(order: GiftCardOrder): string | null {
  if (order.giftCardDelivered) return 'delivered';
  const facts = giftCardFacts(order);
  if (giftCardOwed(facts)) return 'owed';
  if (order.paymentStatus !== 'completed') return NOT_OWED[order.paymentStatus] ?? 'not owed';
  // Orders placed before checkout stopped giving free orders cashback still carry some (decision 0020).
  return facts.total <= 0 && facts.cashback > 0 ? 'not owed: free order' : null;
}
