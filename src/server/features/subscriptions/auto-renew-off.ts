import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { autoRenewOffMail, type Mail } from '#server/features/mail/index';
import { subscriptions } from './schema';

/** Whom the confirmation goes to: the accounts feature's, given by the workflow. */
export type OwnerOf = (customerId: string) => Promise<{ email: string; firstName: string; timeZone: string | null } | null>;

/**
 * Turns a subscription's automatic renewal off in the caller's transaction (an admin's
 * 'Cancel auto-renew', with its audit row), and confirms it to the customer by email in the
 * same transaction, as the customer's own switch does. Answers the subscription's first order,
 * by which the admin's lists name it, and whether this call turned it off; null for an unknown one.
 */
export async function turnOffAutoRenew(
  tx: DbOrTx,
  subscriptionId: string,
  {
    now,
    mail,
    publicUrl,
    storeTimeZone,
    ownerOf,
  }: { now: Date; mail: Pick<Mail, 'queue'>; publicUrl: string; storeTimeZone: string; ownerOf: OwnerOf },
): Promise<{ orderId: string; turnedOff: boolean } | null> {
  const [changed] = await tx
    .update(subscriptions)
    .set({ autoRenew: false, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.autoRenew, true)))
    .returning({ orderId: subscriptions.orderId, customerId: subscriptions.customerId, packageId: subscriptions.packageId, deviceCount: subscriptions.deviceCount, expirationDate: subscriptions.expirationDate });
  if (!changed) {
    const [existing] = await tx.select({ orderId: subscriptions.orderId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    return existing ? { orderId: existing.orderId, turnedOff: false } : null;
  }
  const owner = await ownerOf(changed.customerId);
  if (owner) {
    const [pkg] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, changed.packageId));
    const facts = { packageName: pkg?.name ?? changed.packageId, deviceCount: changed.deviceCount, expirationDate: changed.expirationDate };
    const timeZone = owner.timeZone ?? storeTimeZone;
    await mail.queue(tx, autoRenewOffMail({ to: owner.email, firstName: owner.firstName, timeZone, ...facts }, publicUrl), { key: `auto-renew-off:${subscriptionId}:${now.toISOString()}` });
  }
  return { orderId: changed.orderId, turnedOff: true };
}
