import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { packages } from './packages';
import { subscriptions } from './schema';

/**
 * The subscriptions' part of an incident (decision 0094): who it concerns, and the days a
 * compensation adds, written here by the table's owner in the caller's transaction. The
 * incident, its emails, its audit row and the panel are the incidents workflow's.
 */

/** Which subscriptions an incident touches: those of its packages (null: every package). */
export interface IncidentScope {
  packageIds: string[] | null;
}

const HOUR_MS = 60 * 60_000;

const ofPackages = ({ packageIds }: IncidentScope) => (packageIds ? inArray(subscriptions.packageId, packageIds) : undefined);

/** The customers whose subscription of the incident's packages runs now: whom its notice is for. */
export async function customersRunningSubscriptions(db: DbOrTx, scope: IncidentScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), ofPackages(scope)))
    .orderBy(subscriptions.customerId);
  return rows.map((row) => row.customerId);
}

/** A subscription a compensation extended, with its expiry before and after. */
export interface ExtendedSubscription {
  id: string;
  customerId: string;
  orderId: string;
  packageId: string;
  expiryBefore: Date;
  expiryAfter: Date;
}

/**
 * Adds `days` to the expiry of every subscription the incident touched that still runs:
 * active now, of its packages, started before the incident ended (`startedBy`). The free
 * trial's hours are no paid time to make good, so an hours-long package is left as it is.
 * One statement, counted in whole hours so a daylight-saving change in the database's zone
 * cannot make a day 23 or 25 hours. The caller's transaction claimed the compensation first,
 * so the days are added once.
 */
export async function extendForIncident(tx: DbOrTx, scope: IncidentScope & { startedBy: Date }, days: number, now: Date): Promise<ExtendedSubscription[]> {
  const hours = days * 24;
  const rows = await tx
    .update(subscriptions)
    .set({ expirationDate: sql`${subscriptions.expirationDate} + make_interval(hours => ${hours}::int)`, updatedAt: now })
    .where(
      and(
        eq(subscriptions.status, 'active'),
        ofPackages(scope),
        sql`coalesce(${subscriptions.startDate}, ${subscriptions.createdAt}) <= ${scope.startedBy.toISOString()}::timestamptz`,
        notExists(
          tx
            .select({ one: sql`1` })
            .from(packages)
            .where(and(eq(packages.id, subscriptions.packageId), eq(packages.durationUnit, 'hours'))),
        ),
      ),
    )
    .returning({
      id: subscriptions.id,
      customerId: subscriptions.customerId,
      orderId: subscriptions.orderId,
      packageId: subscriptions.packageId,
      expiryAfter: subscriptions.expirationDate,
    });
  return rows.map((row) => ({ ...row, expiryBefore: new Date(row.expiryAfter.getTime() - hours * HOUR_MS) }));
}
