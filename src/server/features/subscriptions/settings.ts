import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { SUBSCRIPTION_NOT_FOUND } from '#contract/subscriptions';
import type { DbOrTx } from '#server/db/connect';
import { notFound } from '#domain/errors';
import { subscriptions } from './schema';
import { isUuid } from '#domain/record-id';

/**
 * A subscription's two settings columns, auto_renew and saved_card_id (decision 0044), written
 * only here, by the table's owner. When they may change and who is told is the renewals
 * workflows' (decision 0083); the card itself is the payments feature's.
 */

export interface SubscriptionSettings {
  id: string;
  customerId: string;
  status: string;
  autoRenew: boolean;
  savedCardId: string | null;
}

/** The customer's subscription's settings; 404 for another's or none (its existence is not revealed). */
export async function ownSettings(db: DbOrTx, customerId: string, subscriptionId: string): Promise<SubscriptionSettings> {
  const [row] = isUuid(subscriptionId)
    ? await db
        .select({ id: subscriptions.id, customerId: subscriptions.customerId, status: subscriptions.status, autoRenew: subscriptions.autoRenew, savedCardId: subscriptions.savedCardId })
        .from(subscriptions)
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
    : [];
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return row;
}

/** A subscription whose setting changed, with what its owner is told of it. */
export interface SwitchedSubscription {
  /** The first order, by which the admin's lists name the subscription. */
  orderId: string;
  customerId: string;
  packageId: string;
  deviceCount: number;
  expirationDate: Date;
}

/**
 * Sets auto_renew to `enabled` in the caller's transaction, only when it is not so already (of
 * two requests at once, one changes it); `customerId` keeps it to that customer's own. The
 * subscription when this call changed it; null when it did not (unknown, another's, or already so).
 */
export async function switchAutoRenew(tx: DbOrTx, subscriptionId: string, enabled: boolean, now: Date, customerId?: string): Promise<SwitchedSubscription | null> {
  const [changed] = await tx
    .update(subscriptions)
    .set({ autoRenew: enabled, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.autoRenew, !enabled), customerId === undefined ? undefined : eq(subscriptions.customerId, customerId)))
    .returning({ orderId: subscriptions.orderId, customerId: subscriptions.customerId, packageId: subscriptions.packageId, deviceCount: subscriptions.deviceCount, expirationDate: subscriptions.expirationDate });
  return changed ?? null;
}

/** The subscription's first order, by which the admin's lists name it; null for an unknown subscription. */
export async function firstOrderOf(db: DbOrTx, subscriptionId: string): Promise<string | null> {
  const [row] = await db.select({ orderId: subscriptions.orderId }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row?.orderId ?? null;
}

/**
 * After a purchase with "Renew automatically" was paid: the subscription renews with the
 * card that paid. A new subscription takes its first card only: a repeated notice or job
 * changes nothing, nor undoes the customer's later choice (off, another card). A renewal
 * bought by hand with the box ticked (`replacesCard`) takes its own card, each payment's
 * card being a new one at the provider. True when this call set it.
 */
export async function attachCardOfPurchase(db: DbOrTx, subscriptionId: string, savedCardId: string, now: Date, { replacesCard = false } = {}): Promise<boolean> {
  const untouched = replacesCard ? or(isNull(subscriptions.savedCardId), ne(subscriptions.savedCardId, savedCardId)) : isNull(subscriptions.savedCardId);
  const set = await db
    .update(subscriptions)
    .set({ autoRenew: true, savedCardId, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), untouched))
    .returning({ id: subscriptions.id });
  return set.length > 0;
}

/** "Update card": the subscription's renewals charge this card from now on; whether it renews stays as it was. */
export async function useCard(db: DbOrTx, customerId: string, subscriptionId: string, savedCardId: string, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ savedCardId, updatedAt: now })
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
}
