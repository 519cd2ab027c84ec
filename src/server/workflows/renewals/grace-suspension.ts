import type { Db } from '#server/db/connect';
import { findCustomer } from '#server/features/accounts/index';
import type { PackageRow } from '#server/features/catalog/index';
import { recordStoreAction } from '#server/features/audit/index';
import type { Mail } from '#server/features/mail/index';
import { suspendedMail } from '#server/features/renewals/index';
import { confirmLinesOff, lapsedPastGrace, markGraceSuspended, renewalQuote, type Subscriptions } from '#server/features/subscriptions/index';
import { packageOf } from './package-of';
import { termsOfSubscription } from './subscription-locale';

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface GraceSuspensionDeps {
  db: Db;
  mail: Pick<Mail, 'queue'>;
  /** The panel's lines, turned off and (after a renewal meanwhile) on again by the subscriptions feature. */
  subscriptions: Pick<Subscriptions, 'disableLines' | 'syncLines'>;
  config: { PUBLIC_URL: string; GRACE_DAYS: number; STORE_TIME_ZONE: string };
}

/** The language, currency and price the suspension notice names: the subscription's (decisions 0104, 0107). */
async function restoreTerms(db: Db, subscriptionId: string, customerLocale: string | null, pkg: PackageRow, deviceCount: number) {
  const { locale, currency } = await termsOfSubscription(db, subscriptionId, customerLocale);
  const { currency: quotedIn, renewalCents } = await renewalQuote(db, pkg, deviceCount, currency);
  return { locale, currency: quotedIn, renewalCents };
}

/**
 * Grace and suspension (decision 0046). A paid subscription past its expiry is 'expired' at
 * once (the spec's badge), but its lines run on for GRACE_DAYS; then the renewal schedule
 * suspends it: the store says so first, then the panel turns the lines off, then the store
 * records that the panel did. A panel that fails leaves the row due, so the next pass tries
 * again, and the store never says "running" of a line the panel stopped. The audit log shows
 * each suspension once, by the store, written with the panel's confirmation, and the
 * customer's notice with it: a service notice, sent whatever their reminder choice (decision
 * 0075). Returns the ids suspended (the panel done); the first failure fails the run after the rest were tried.
 */
export async function suspendAfterGrace({ db, mail, subscriptions, config }: GraceSuspensionDeps, now: Date): Promise<string[]> {
  const graceDays = config.GRACE_DAYS;
  const graceStartedBy = new Date(now.getTime() - graceDays * DAY_MS);
  const suspended: string[] = [];
  let failure: unknown = null;
  for (const { id, orderId, customerId, packageId, expirationDate, deviceCount } of await lapsedPastGrace(db, graceStartedBy, BATCH)) {
    try {
      const pkg = await packageOf(db, packageId);
      if (!pkg || !(await markGraceSuspended(db, id, graceStartedBy, now))) continue;
      await subscriptions.disableLines(id);
      const owner = await findCustomer(db, customerId);
      const notice = owner && suspendedMail({ to: owner.email, firstName: owner.firstName, timeZone: owner.timeZone ?? config.STORE_TIME_ZONE, ...(await restoreTerms(db, id, owner.locale, pkg, deviceCount)), packageName: pkg.name, packageDuration: pkg.duration, deviceCount, expirationDate }, config.PUBLIC_URL);
      const confirmed = await db.transaction(async (tx) => {
        const lines = await confirmLinesOff(tx, id, graceStartedBy, now);
        // Another instance's pass may have confirmed it first: its row, not a second one.
        if (lines === 'now') {
          await recordStoreAction(tx, {
            action: 'subscription.suspend_after_grace',
            target: { type: 'order', id: orderId },
            before: { linesRunning: true },
            after: { linesRunning: false, expiredAt: expirationDate.toISOString(), graceDays },
          });
          if (notice) await mail.queue(tx, notice, { key: `grace-suspended:${id}:${expirationDate.toISOString()}` });
        }
        return lines !== null;
      });
      // Renewed while the panel was being told: its lines must run again.
      if (!confirmed) await subscriptions.syncLines(id);
      else suspended.push(id);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure instanceof Error ? failure : new Error('Suspending lapsed subscriptions failed', { cause: failure });
  return suspended;
}
