import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { AUTO_RENEW_NEEDS_CARD, AUTO_RENEW_NOT_POSSIBLE, SUBSCRIPTION_NOT_FOUND } from '#contract/subscriptions';
import type { Db } from '#server/db/connect';
import { conflict, notFound } from '#domain/errors';
import { autoRenewOffMail, type Mail } from '#server/features/mail/index';
import type { Clock } from '#server/lib/clock';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { subscriptions } from './schema';

/**
 * Automatic renewal's settings on a subscription (decision 0044): whether it renews by itself and
 * which saved card pays. The card itself is the payments feature's; a workflow hands its id over.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RenewalSettings {
  id: string;
  customerId: string;
  status: string;
  autoRenew: boolean;
  savedCardId: string | null;
}

export function createAutoRenew({ db, mail, clock, publicUrl, storeTimeZone }: { db: Db; mail: Mail; clock: Clock; publicUrl: string; storeTimeZone: string }) {
  /** The customer's subscription's settings; 404 for another's or none (its existence is not revealed). */
  async function ownSettings(customerId: string, subscriptionId: string): Promise<RenewalSettings> {
    const [row] = UUID.test(subscriptionId)
      ? await db
          .select({ id: subscriptions.id, customerId: subscriptions.customerId, status: subscriptions.status, autoRenew: subscriptions.autoRenew, savedCardId: subscriptions.savedCardId })
          .from(subscriptions)
          .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)))
      : [];
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return row;
  }

  return {
    ownSettings,

    /**
     * After a purchase with "Renew automatically" was paid: the subscription renews with the
     * card that paid. A new subscription takes its first card only: a repeated notice or job
     * changes nothing, nor undoes the customer's later choice (off, another card). A renewal
     * bought by hand with the box ticked (`replacesCard`) takes its own card, each payment's
     * card being a new one at the provider. True when this call set it.
     */
    async attachCardOfPurchase(subscriptionId: string, savedCardId: string, { replacesCard = false } = {}): Promise<boolean> {
      const untouched = replacesCard ? or(isNull(subscriptions.savedCardId), ne(subscriptions.savedCardId, savedCardId)) : isNull(subscriptions.savedCardId);
      const set = await db
        .update(subscriptions)
        .set({ autoRenew: true, savedCardId, updatedAt: clock.now() })
        .where(and(eq(subscriptions.id, subscriptionId), untouched))
        .returning({ id: subscriptions.id });
      return set.length > 0;
    },

    /** "Update card": the subscription's renewals charge this card from now on; whether it renews stays as it was. */
    async useCard(customerId: string, subscriptionId: string, savedCardId: string): Promise<void> {
      await db
        .update(subscriptions)
        .set({ savedCardId, updatedAt: clock.now() })
        .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
    },

    /**
     * PATCH /api/subscriptions/:id/auto-renew. On needs a saved card (409 otherwise) and a
     * subscription that can still renew; off takes effect at once and is confirmed by email
     * to `owner` (the accounts feature's, given by the workflow), written in the same transaction, its times in the owner's zone
   * (the store's until theirs is known, decision 0074). Asking for the state it is already in changes nothing.
     */
    async setAutoRenew(customerId: string, subscriptionId: string, enabled: boolean, owner: { email: string; firstName: string; timeZone: string | null }): Promise<void> {
      const current = await ownSettings(customerId, subscriptionId);
      if (current.autoRenew === enabled) return;
      const now = clock.now();
      if (enabled) {
        if (current.status === 'cancelled') throw conflict(AUTO_RENEW_NOT_POSSIBLE);
        if (!current.savedCardId) throw conflict(AUTO_RENEW_NEEDS_CARD);
        await db
          .update(subscriptions)
          .set({ autoRenew: true, updatedAt: now })
          .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
        return;
      }
      await db.transaction(async (tx) => {
        const [turnedOff] = await tx
          .update(subscriptions)
          .set({ autoRenew: false, updatedAt: now })
          .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId), eq(subscriptions.autoRenew, true)))
          .returning({ packageId: subscriptions.packageId, deviceCount: subscriptions.deviceCount, expirationDate: subscriptions.expirationDate });
        // Two requests at once: the one that turned it off writes the email.
        if (!turnedOff) return;
        const [pkg] = await tx.select({ name: packages.name }).from(packages).where(eq(packages.id, turnedOff.packageId));
        const facts = { packageName: pkg?.name ?? turnedOff.packageId, deviceCount: turnedOff.deviceCount, expirationDate: turnedOff.expirationDate };
        const message = autoRenewOffMail({ to: owner.email, firstName: owner.firstName, timeZone: owner.timeZone ?? storeTimeZone, ...facts }, publicUrl);
        await mail.queue(tx, message, { key: `auto-renew-off:${subscriptionId}:${now.toISOString()}` });
      });
    },
  };
}
