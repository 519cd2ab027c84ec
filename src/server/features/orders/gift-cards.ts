import { eq } from 'drizzle-orm';
import {
  GIFT_CARD_NOT_EARNED,
  GIFT_CARD_ORDER_NOT_PAID,
  giftCardUndoTooLate,
  ORDER_NOT_FOUND,
  type GiftCardDelivery,
} from '#contract/admin-orders';
import { earnsGiftCard } from '#domain/gift-card';
import { parseMoney } from '#domain/money';
import { dayInTimeZone, sameDayInTimeZone } from '#domain/store-time';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';
import { lockOrder } from './order-row';
import { conflict, notFound } from '#domain/errors';
import type { AuditChange } from './admin-actions';

/** A delivery as the admin gives it: delivered or undone, with the card's code and a note when delivered. */
export interface GiftCardDeliveryChange {
  delivered: boolean;
  code?: string | null | undefined;
  note?: string | null | undefined;
}

/**
 * Marks a paid order's cashback gift card delivered, with its code and note, or undoes that
 * delivery, in the caller's transaction, which writes the audit row this returns (decision
 * 0084). Saying again what is already so changes nothing and records nothing (null). An undo is allowed only on the store day the card
 * was marked delivered (decision 0034's day): later, the buyer may have redeemed it, so a
 * mistake is for a person to sort out, not a button. The audit row says whether a code was
 * given, never the code: it is the buyer's money, and the audit log is read widely.
 * Which order earns a gift card is domain/gift-card.ts's rule, the one the admin pages show.
 */
export async function setGiftCardDelivered(
  tx: DbOrTx,
  orderId: string,
  change: GiftCardDeliveryChange,
  timeZone: string,
): Promise<{ delivery: GiftCardDelivery; audit: AuditChange | null }> {
  const { delivered } = change;
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.paymentStatus !== 'completed') throw conflict(GIFT_CARD_ORDER_NOT_PAID);
  const earned = earnsGiftCard({ paymentStatus: order.paymentStatus, giftCard: order.selectedGiftCard, cashback: parseMoney(order.cashbackAmount), total: parseMoney(order.totalAmount) });
  if (!earned) throw conflict(GIFT_CARD_NOT_EARNED);
  const message = delivered ? `Gift card of order ${orderId} marked delivered` : `Gift card delivery of order ${orderId} undone: it is owed again`;
  const delivery = { orderId, giftCardDelivered: delivered, message };
  if (order.giftCardDelivered === delivered) return { delivery, audit: null };

  const now = new Date();
  if (!delivered) {
    // A delivery marked before its time was kept (gift_card_delivered_at null) is from an earlier day.
    const markedAt = order.giftCardDeliveredAt;
    if (!markedAt || !sameDayInTimeZone(markedAt, now, timeZone)) {
      throw conflict(giftCardUndoTooLate(markedAt ? dayInTimeZone(markedAt, timeZone) : 'an earlier day', timeZone));
    }
  }
  const details = delivered
    ? { giftCardDeliveredAt: now, giftCardCode: change.code ?? null, giftCardNote: change.note ?? null }
    : { giftCardDeliveredAt: null, giftCardCode: null, giftCardNote: null };
  await tx.update(orders).set({ giftCardDelivered: delivered, ...details, updatedAt: now }).where(eq(orders.id, orderId));
  const after = delivered
    ? { giftCardDelivered: true, ...(details.giftCardCode !== null && { codeGiven: true }), ...(details.giftCardNote !== null && { note: details.giftCardNote }) }
    : { giftCardDelivered: false };
  return { delivery, audit: { before: { giftCardDelivered: order.giftCardDelivered }, after } };
}
