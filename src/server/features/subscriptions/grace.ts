import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { recordStoreAction } from '#server/features/audit/index';
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
 * confirmation (decision 0046).
 */

const BATCH = 200;

export interface GraceDeps {
  db: Db;
  provisioning: Pick<Provisioning, 'disableLines' | 'syncLines'>;
  graceDays: number;
}

export function createGrace({ db, provisioning, graceDays }: GraceDeps) {
  /** Suspends the lapsed subscriptions whose grace ended by `now`; returns the ids it suspended (the panel done). */
  async function suspendAfterGrace(now: Date): Promise<string[]> {
    const graceStartedBy = new Date(now.getTime() - graceDays * 24 * 60 * 60 * 1000);
    const due = await db
      .select({ id: subscriptions.id, orderId: subscriptions.orderId, expirationDate: subscriptions.expirationDate })
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'expired'), isNull(subscriptions.graceLinesOffAt), lte(subscriptions.expirationDate, graceStartedBy)))
      .orderBy(asc(subscriptions.expirationDate))
      .limit(BATCH);
    const suspended: string[] = [];
    let failure: unknown = null;
    for (const { id, orderId, expirationDate } of due) {
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
