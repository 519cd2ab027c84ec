import { and, asc, eq, lte } from 'drizzle-orm';
import { graceEnd } from '#domain/renewal-milestones';
import type { Clock } from '#server/lib/clock';
import type { Db } from '#server/db/connect';
import { packages } from './packages';
import { subscriptions } from './schema';
import type { Provisioning } from './provisioning';

/**
 * What happens to subscriptions over time (the order's confirmation is the paid-order
 * workflow's, decision 0084). Each function is the body of a scheduled job: safe to run
 * again, and on any number of instances at once.
 */

const BATCH = 200;

export interface LifecycleDeps {
  db: Db;
  provisioning: Provisioning;
  clock: Clock;
  graceDays: number;
}

export function createLifecycle({ db, provisioning, clock, graceDays }: LifecycleDeps) {
  /**
   * Marks active subscriptions past their expiry as expired. A paid one's lines run on for
   * the grace period (decision 0046): the panel is told their new end first, so a panel
   * that fails leaves the subscription due and the next run tries again; without a grace
   * period (GRACE_DAYS=0, or the hour-long trial) the lines are disabled first, as they
   * always were. Returns how many expired.
   */
  async function expireSubscriptions(now = clock.now()): Promise<number> {
    const due = await db
      .select({ id: subscriptions.id, expirationDate: subscriptions.expirationDate, durationUnit: packages.durationUnit })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
      .orderBy(asc(subscriptions.expirationDate))
      .limit(BATCH);
    let expired = 0;
    let failure: unknown = null;
    for (const { id, expirationDate, durationUnit } of due) {
      // The trial has no grace: it is a taste, not a paid line that lapsed (decision 0046).
      const graceful = graceDays > 0 && durationUnit !== 'hours';
      try {
        if (graceful) await provisioning.extendLinesUntil(id, graceEnd(expirationDate, graceDays));
        else await provisioning.disableLines(id);
        const marked = await db
          .update(subscriptions)
          .set({ status: 'expired', updatedAt: now, ...(graceful ? {} : { graceSuspendedAt: now, graceLinesOffAt: now }) })
          .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), lte(subscriptions.expirationDate, now)))
          .returning({ id: subscriptions.id });
        if (marked.length === 1) expired++;
        // Renewed meanwhile: its lines must run to the new expiry.
        else await provisioning.syncLines(id);
      } catch (error) {
        failure ??= error;
      }
    }
    // The first failure fails the run (the rest were tried); the next scheduled run tries again.
    if (failure) throw failure instanceof Error ? failure : new Error('Expiring subscriptions failed', { cause: failure });
    return expired;
  }

  return { expireSubscriptions };
}
