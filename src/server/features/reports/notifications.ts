import { count } from 'drizzle-orm';
import type { PurchaseNotification } from '#contract/admin';
import type { DbOrTx } from '#server/db/connect';
import { purchaseNotifications } from '../orders/schema';
import type { Page, PageOf } from './admin-customers';
import { newestFirst } from './newest-first';

/** Purchase notifications (spec section 3), newest first, one page at a time. */
export async function notificationPage(db: DbOrTx, page: Page): Promise<PageOf<PurchaseNotification>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(purchaseNotifications)
      .orderBy(...newestFirst(purchaseNotifications.timestamp, purchaseNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(purchaseNotifications),
  ]);
  return { items: rows.map((row) => ({ ...row, timestamp: row.timestamp.toISOString() })), total: total!.total };
}
