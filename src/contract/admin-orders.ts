import { z } from 'zod';
import { requiredText } from './fields';

/** The order an admin action names, in the path (/api/admin/orders/:orderId/...). */
export const adminOrderParamsSchema = z.object({ orderId: requiredText('Order ID', 64) });

export const ORDER_NOT_FOUND = 'Order not found';
export const GIFT_CARD_ORDER_NOT_PAID = "Only a paid order's gift card can be marked delivered";
export const GIFT_CARD_NOT_EARNED = 'This order earns no gift card';

/** POST /api/admin/orders/:orderId/gift-card: the cashback gift card was sent to the buyer, or not yet. */
export const giftCardDeliveryRequestSchema = z.strictObject({
  delivered: z.boolean({ error: 'delivered must be true or false' }),
});

export const giftCardDeliverySchema = z.object({
  orderId: z.string(),
  giftCardDelivered: z.boolean(),
  message: z.string(),
});
export type GiftCardDelivery = z.infer<typeof giftCardDeliverySchema>;

/** A paid order whose gift card is still owed (GET /api/admin/gift-cards/pending), oldest payment first. */
export const owedGiftCardSchema = z.object({
  orderId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  giftCard: z.string(),
  cashbackAmount: z.string(),
  paidAt: z.string(),
});
export type OwedGiftCard = z.infer<typeof owedGiftCardSchema>;
export const owedGiftCardListSchema = z.array(owedGiftCardSchema);
