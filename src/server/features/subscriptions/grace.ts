import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { parseMoney } from '#domain/money';
import { priceOrder } from '#domain/pricing';
import type { Db } from '#server/db/connect';
import { recordStoreAction } from '#server/features/audit/index';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { suspendedMail, type Mail } from '#server/features/mail/index';
import type { Provisioning } from './provisioning';
import { subscriptions } from './schema';

/**
 * Grace, suspension and restore (decision 0046). A paid subscription past its expiry is
 * 'expired' at once (the spec's badge), but its lines run on for GRACE_DAYS; then the
 * renewal pass suspends it: the store says so first, then the panel turns the lines off,
 * then graceLinesOffAt records that the panel did. A panel that fails leaves the row due,
 * so the next pass tries again, and the store never says "running" of a line the panel
 * stopped. A renewal (provisioning's renewSubscription) clears both columns and turns the
 * lines on again; the owner's abuse suspension (devicesSuspendedAt) is apart and untouched.
 * The audit log shows each suspension once, by the store, written with the panel's
 * confirmation (decision 0046), and the customer's notice with it: a service notice,
 * sent whatever their reminder choice (decision 0075).
 */

const BATCH = 200;

/** Whom a notice goes to: the accounts feature's, given by the workflow. */
export type OwnerOf = (customerId: string) => Promise<{ email: string; firstName: string; timeZone: string | null } | null>;

export interface GraceDeps {
  db: Db;
  provisioning: Pick<Provisioning, 'disableLines' | 'syncLines'>;
  graceDays: number;
  mail: Pick<Mail, 'queue'>;
  publicUrl: string;
  /** The zone of a customer whose own is not known yet (decision 0074). */
  storeTimeZone: string;
}

export function createGrace({ db, provisioning, graceDays, mail, publicUrl, storeTimeZone }: GraceDeps) {
  /** Suspends the lapsed subscriptions whose grace ended by `now`, telling each owner (`ownerOf`); returns the ids it suspended (the panel done). */
  async function suspendAfterGrace(now: Date, ownerOf: OwnerOf): Promise<string[]> {
    const graceStartedBy = new Date(now.getTime() - graceDays * 24 * 60 * 60 * 1000);
    const due = await db
      .select({
        id: subscriptions.id,
        orderId: subscriptions.orderId,
        customerId: subscriptions.customerId,
        expirationDate: subscriptions.expirationDate,
        deviceCount: subscriptions.deviceCount,
        packageName: packages.name,
        packageDuration: packages.duration,
        packagePrice: packages.price,
      })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(and(eq(subscriptions.status, 'expired'), isNull(subscriptions.graceLinesOffAt), lte(subscriptions.expirationDate, graceStartedBy)))
      .orderBy(asc(subscriptions.expirationDate))
      .limit(BATCH);
    const suspended: string[] = [];
    let failure: unknown = null;
    for (const { id, orderId, customerId, expirationDate, ...facts } of due) {
      // Still lapsed past its grace, as the select found it: a renewal meanwhile made it active
      // and moved its expiry. Not an equality with the expiry read: a Date holds milliseconds, and
      // an expiry written with microseconds (by SQL, an import) would never match, so the same
      // rows would be picked by every pass and none after them suspended.
      const stillLapsed = and(eq(subscriptions.id, id), eq(subscriptions.status, 'expired'), lte(subscriptions.expirationDate, graceStartedBy));
      try {
        const marked = await db
          .update(subscriptions)
          .set({ graceSuspendedAt: sql`coalesce(${subscriptions.graceSuspendedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
          .where(stillLapsed)
          .returning({ id: subscriptions.id });
        if (marked.length === 0) continue;
        await provisioning.disableLines(id);
        const owner = await ownerOf(customerId);
        const notice =
          owner &&
          suspendedMail(
            { to: owner.email, firstName: owner.firstName, timeZone: owner.timeZone ?? storeTimeZone, ...facts, expirationDate, renewalCents: priceOrder(parseMoney(facts.packagePrice), facts.deviceCount).total },
            publicUrl,
          );
        const confirmed = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(subscriptions)
            .set({ graceLinesOffAt: sql`coalesce(${subscriptions.graceLinesOffAt}, ${now.toISOString()}::timestamptz)` })
            .where(stillLapsed)
            .returning({ confirmedNow: sql<boolean>`${subscriptions.graceLinesOffAt} = ${now.toISOString()}::timestamptz` });
          // Another instance's pass may have confirmed it first: its row, not a second one.
          if (row?.confirmedNow) {
            await recordStoreAction(tx, {
              action: 'subscription.suspend_after_grace',
              target: { type: 'order', id: orderId },
              before: { linesRunning: true },
              after: { linesRunning: false, expiredAt: expirationDate.toISOString(), graceDays },
            });
            if (notice) await mail.queue(tx, notice, { key: `grace-suspended:${id}:${expirationDate.toISOString()}` });
          }
          return row !== undefined;
        });
        // Renewed while the panel was being told: its lines must run again.
        if (!confirmed) await provisioning.syncLines(id);
        else suspended.push(id);
      } catch (error) {
        failure ??= error;
      }
    }
    // The first failure fails the run (the rest were tried); the next pass tries again.
    if (failure) throw failure instanceof Error ? failure : new Error('Suspending lapsed subscriptions failed', { cause: failure });
    return suspended;
  }

  return { suspendAfterGrace };
}
