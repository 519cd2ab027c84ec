import { eq } from 'drizzle-orm';
import { GIFT_CARD_NOT_EARNED, GIFT_CARD_ORDER_NOT_PAID, ORDER_NOT_FOUND, type GiftCardDelivery } from '#contract/admin-orders';
import { earnsGiftCard } from '#domain/gift-card';
import { parseMoney } from '#domain/money';
import type { Db } from '#server/db/connect';
import { orders } from './schema';
import { conflict, notFound } from '#server/http/errors';
import { recordAdminAction, type AuditActor } from '#server/features/audit/index';

/**
 * Marks a paid order's cashback gift card delivered (or not yet), with the audit row in the
 * same transaction. Saying again what is already so changes nothing and records nothing.
 * Which order earns a gift card is domain/gift-card.ts's rule, the one the admin pages show.
 */
export async function setGiftCardDelivered(db: Db, orderId: string, delivered: boolean, actor: AuditActor): Promise<GiftCardDelivery> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.paymentStatus !== 'completed') throw conflict(GIFT_CARD_ORDER_NOT_PAID);
    const earned = earnsGiftCard({ paymentStatus: order.paymentStatus, giftCard: order.selectedGiftCard, cashback: parseMoney(order.cashbackAmount), total: parseMoney(order.totalAmount) });
    if (!earned) throw conflict(GIFT_CARD_NOT_EARNED);
    const message = delivered ? `Gift card of order ${orderId} marked delivered` : `Gift card of order ${orderId} marked not delivered`;
    if (order.giftCardDelivered === delivered) return { orderId, giftCardDelivered: delivered, message };
    await tx.update(orders).set({ giftCardDelivered: delivered, updatedAt: new Date() }).where(eq(orders.id, orderId));
    await recordAdminAction(tx, {
      actor,
      action: 'order.gift_card',
      target: { type: 'order', id: orderId },
      before: { giftCardDelivered: order.giftCardDelivered },
      after: { giftCardDelivered: delivered },
    });
    return { orderId, giftCardDelivered: delivered, message };
  });
}
