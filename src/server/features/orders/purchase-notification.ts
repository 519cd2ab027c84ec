import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { packages, purchaseNotifications } from '#server/db/schema';
import type { OrderRow } from './service';

/** The admin's purchase notification of a paid order; once per order. */
export async function recordPurchaseNotification(tx: DbOrTx, order: OrderRow): Promise<void> {
  const [pkg] = await tx.select({ name: packages.name, duration: packages.duration }).from(packages).where(eq(packages.id, order.packageId));
  await tx
    .insert(purchaseNotifications)
    .values({
      orderId: order.id,
      packageName: pkg!.name,
      customerEmail: order.customerEmail,
      subscriptionDuration: pkg!.duration,
      deviceCount: Number(order.deviceCount),
      giftCard: order.selectedGiftCard,
      totalAmount: order.totalAmount,
    })
    .onConflictDoNothing({ target: purchaseNotifications.orderId });
}
