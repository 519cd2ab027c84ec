import { and, asc, eq, gt, isNotNull, lte, ne, notExists, sql } from 'drizzle-orm';
import { dueExpiryRange, type Milestone, type MilestoneName } from '#domain/renewal-milestones';
import type { Db } from '#server/db/connect';
import { packages } from './packages';
import { subscriptionMilestones, subscriptions } from './schema';

/**
 * Which subscriptions have a milestone of the renewal schedule due (decision 0046), and
 * the claim that sends each once. Each milestone is one range of the (status, expiry)
 * index anti-joined with the milestones' primary key: a pass reads the subscriptions near
 * a milestone, never all of them (tests/bench/reminders.bench.mjs).
 */

export interface DueMilestone {
  id: string;
  customerId: string;
  expirationDate: Date;
  deviceCount: number;
  packageId: string;
  packageName: string;
  packageDuration: string;
  /** Today's catalog price of the package, a money text; what a renewal costs now (with the device fee). */
  packagePrice: string;
  /** The package's length, by which a renewal moves the expiry. */
  packageDurationUnit: 'hours' | 'months';
  packageDurationValue: number;
  /** False once the owner stopped selling it: no renewal is offered. */
  packageOnSale: boolean;
}

const milestoneSent = (milestone: MilestoneName) =>
  notExists(
    sql`(select 1 from ${subscriptionMilestones} where ${and(
      eq(subscriptionMilestones.subscriptionId, subscriptions.id),
      // At milliseconds, as the claim writes it (a JS Date): an expiry written with microseconds
      // (by SQL, an import) would otherwise never count as sent, and take a place in every pass.
      sql`${subscriptionMilestones.periodEnd} = date_trunc('milliseconds', ${subscriptions.expirationDate})`,
      eq(subscriptionMilestones.milestone, milestone),
    )})`,
  );

function audienceFilter(milestone: Milestone) {
  if (milestone.audience === 'trial') return eq(packages.durationUnit, 'hours');
  if (milestone.audience === 'paid') return ne(packages.durationUnit, 'hours');
  // A saved card renews it (decision 0044); whether its charge is still ahead is the renewal pass's to ask.
  if (milestone.audience === 'auto-renewing') return and(ne(packages.durationUnit, 'hours'), eq(subscriptions.autoRenew, true), isNotNull(subscriptions.savedCardId));
  return undefined;
}

/** Up to `limit` subscriptions whose `milestone` is due at `now` and not sent this period, soonest expiry first. */
export function dueMilestones(db: Db, milestone: Milestone, now: Date, limit: number): Promise<DueMilestone[]> {
  const { after, upTo } = dueExpiryRange(milestone, now);
  return db
    .select({
      id: subscriptions.id,
      customerId: subscriptions.customerId,
      expirationDate: subscriptions.expirationDate,
      deviceCount: subscriptions.deviceCount,
      packageId: packages.id,
      packageName: packages.name,
      packageDuration: packages.duration,
      packagePrice: packages.price,
      packageDurationUnit: packages.durationUnit,
      packageDurationValue: packages.durationValue,
      packageOnSale: packages.isActive,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(
      and(
        eq(subscriptions.status, milestone.status),
        gt(subscriptions.expirationDate, after),
        lte(subscriptions.expirationDate, upTo),
        audienceFilter(milestone),
        milestoneSent(milestone.name),
      ),
    )
    .orderBy(asc(subscriptions.expirationDate))
    .limit(limit);
}

/**
 * The milestone's claim, for the email's own statement (docs/decisions/0028): the row is
 * written once per subscription, period and milestone, so two instances never both send it.
 * It also holds while the customer turned reminders off (the claim runs, the email is not
 * written), so such a subscription is not found due again.
 */
export const milestoneClaim = (db: Db, subscriptionId: string, periodEnd: Date, milestone: MilestoneName, now: Date) =>
  db
    .insert(subscriptionMilestones)
    .values({ subscriptionId, periodEnd, milestone, sentAt: now })
    .onConflictDoNothing()
    .returning({ subscriptionId: subscriptionMilestones.subscriptionId });

/** Claims a milestone that sends no email of its own (a crypto invoice's turn); true for the one caller that got it. */
export async function claimMilestone(db: Db, subscriptionId: string, periodEnd: Date, milestone: MilestoneName, now: Date): Promise<boolean> {
  return (await milestoneClaim(db, subscriptionId, periodEnd, milestone, now)).length === 1;
}

/**
 * Whether the customer has a paid subscription running at `now`: a trial's reminders ("Choose a
 * package") are not sent to one who already chose one.
 */
export async function runsPaidSubscription(db: Db, customerId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(eq(subscriptions.customerId, customerId), eq(subscriptions.status, 'active'), gt(subscriptions.expirationDate, now), ne(packages.durationUnit, 'hours')))
    .limit(1);
  return row !== undefined;
}
