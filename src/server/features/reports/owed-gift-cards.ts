import { asc, count, sql } from 'drizzle-orm';
import type { OwedGiftCard } from '#contract/admin-orders';
import type { DbOrTx } from '#server/db/connect';
import { orders } from '../orders/schema';
import type { Page, PageOf } from './page-total';

/**
 * Paid orders with cashback and a chosen card whose gift card is not delivered yet: the
 * predicate of the partial index drizzle/0005, written the same way (no parameters) so the
 * planner can use it. Orders free after their coupon earn none (decision 0020); those placed
 * before checkout stopped giving them cashback are left out by their total. It is
 * domain/gift-card.ts's giftCardOwed in SQL: change both together (tests/api/admin-gift-cards.test.ts holds them equal).
 */
export const owedGiftCard = sql`${orders.paymentStatus} = 'completed' and ${orders.giftCardDelivered} = false and ${orders.selectedGiftCard} is not null and ${orders.cashbackAmount} > 0 and ${orders.totalAmount} > 0`;

/** The gift-card queue: who is still owed a card, the longest waiting first. */
export async function owedGiftCardPage(db: DbOrTx, page: Page): Promise<PageOf<OwedGiftCard>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        giftCard: orders.selectedGiftCard,
        cashbackAmount: orders.cashbackAmount,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(owedGiftCard)
      .orderBy(asc(orders.paidAt), asc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(orders).where(owedGiftCard),
  ]);
  return {
    items: rows.map((row) => ({ ...row, giftCard: row.giftCard!, paidAt: (row.paidAt ?? new Date(0)).toISOString() })),
    total: total!.total,
  };
}
