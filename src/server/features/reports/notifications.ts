import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PurchaseNotification } from '#contract/admin';
import type { DbOrTx } from '#server/db/connect';
import { orders, purchaseNotifications } from '../orders/schema';
import type { Page, PageOf } from './page-total';
import { refundedOrder } from './figures';
import { newestFirst } from './newest-first';
import { notificationTotal } from './table-totals';

/**
 * Purchase notifications (spec section 3), newest first, one page at a time, each saying
 * whether its order was refunded since: the notice stays (the purchase happened), marked,
 * and the summary's revenue leaves it out (figures.ts). The total is the notifications'
 * tally (decision 0049).
 */
export async function notificationPage(db: DbOrTx, page: Page): Promise<PageOf<PurchaseNotification>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(purchaseNotifications), currency: orders.currency, refunded: sql<boolean>`${refundedOrder}` })
      .from(purchaseNotifications)
      .innerJoin(orders, eq(orders.id, purchaseNotifications.orderId))
      .orderBy(...newestFirst(purchaseNotifications.timestamp, purchaseNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    notificationTotal(db),
  ]);
  return { items: rows.map((row) => ({ ...row, timestamp: row.timestamp.toISOString() })), total: total!.total };
}
