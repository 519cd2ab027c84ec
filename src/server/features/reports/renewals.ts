import { and, asc, count, eq, gt, ilike, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import {
  RENEWAL_FORECAST_DAYS,
  type AdminAutoRenewingSubscription,
  type AdminFailedRenewal,
  type AdminRenewalOverview,
} from '#contract/admin-renewals';
import { EXTRA_DEVICE_FEE_CENTS } from '#domain/catalog';
import { formatMoney } from '#domain/money';
import { renewalChargeAt } from '#domain/renewal';
import { RENEWAL_CHARGES_NEEDING_A_LOOK } from '#domain/renewal-charges';
import type { DbOrTx } from '#server/db/connect';
import { customers } from '../accounts/schema';
import { packages } from '../catalog/schema';
import { orders } from '../orders/schema';
import { savedCards } from '../payments/schema';
import { renewalCharges } from '../renewals/schema';
import { subscriptions } from '../subscriptions/schema';
import type { Page, PageOf } from './page-total';
import { containsPattern } from './address-search';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Failed renewals shown at once: a list for a person to work through, newest first. */
const FAILED_SHOWN = 50;

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;
/** Auto-renewing with a card to charge: what the renewal pass charges (index subscriptions_auto_renew_expiry_idx). */
const renewsByCard = and(eq(subscriptions.autoRenew, true), sql`${subscriptions.savedCardId} is not null`);
/** A renewal's price today in cents, as checkout computes it (domain/pricing): the package's price and the fee of each device past the first. */
const renewalCents = sql<string>`round(${packages.price} * 100) + greatest(${subscriptions.deviceCount} - 1, 0) * ${sql.raw(String(EXTRA_DEVICE_FEE_CENTS))}`;

/** Active auto-renewing subscriptions expiring within `days`, and what they would charge today; a package no longer sold charges nothing. */
async function forecast(db: DbOrTx, now: Date, days: number) {
  const [row] = await db
    .select({ count: count(), cents: sql<string>`coalesce(sum(${renewalCents}), 0)` })
    .from(subscriptions)
    .innerJoin(packages, and(eq(packages.id, subscriptions.packageId), eq(packages.isActive, true)))
    .where(and(renewsByCard, eq(subscriptions.status, 'active'), gt(subscriptions.expirationDate, now), lte(subscriptions.expirationDate, new Date(now.getTime() + days * DAY_MS))));
  return { days, count: row?.count ?? 0, expectedRevenue: formatMoney(Number(row?.cents ?? 0)) };
}

/** A declined charge waiting for its retry (decision 0045): when it is tried again. */
const retryAt = (status: string, firstDeclinedAt: Date | null, nextAttemptAt: Date | null) =>
  status === 'scheduled' && firstDeclinedAt && nextAttemptAt ? nextAttemptAt.toISOString() : null;

async function failedRenewals(db: DbOrTx): Promise<AdminFailedRenewal[]> {
  const rows = await db
    .select({
      id: renewalCharges.id,
      subscriptionId: renewalCharges.subscriptionId,
      orderId: subscriptions.orderId,
      customerEmail: customers.email,
      customerName: fullName,
      packageName: packages.name,
      periodEnd: renewalCharges.periodEnd,
      amountCents: renewalCharges.amountCents,
      status: renewalCharges.status,
      attempts: renewalCharges.attempts,
      reason: renewalCharges.lastErrorMessage,
      failedAt: renewalCharges.updatedAt,
    })
    .from(renewalCharges)
    // Still the current period's charge: a renewal paid otherwise (by hand, a crypto invoice) moved the expiry on.
    .innerJoin(subscriptions, and(eq(subscriptions.id, renewalCharges.subscriptionId), eq(subscriptions.expirationDate, renewalCharges.periodEnd)))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(
      and(
        inArray(renewalCharges.status, [...RENEWAL_CHARGES_NEEDING_A_LOOK]),
        // Off the list by the admin's dismissal, or by what made it moot (decision 0077): auto-renew off, the subscription refunded.
        isNull(renewalCharges.dismissedAt),
        eq(subscriptions.autoRenew, true),
        ne(orders.paymentStatus, 'refunded'),
      ),
    )
    .orderBy(sql`${renewalCharges.updatedAt} desc`)
    .limit(FAILED_SHOWN);
  return rows.map(({ amountCents, periodEnd, failedAt, ...row }) => ({
    ...row,
    amount: amountCents === null ? null : formatMoney(amountCents),
    periodEnd: periodEnd.toISOString(),
    failedAt: failedAt.toISOString(),
  }));
}

/** The Renewals section's figures: the next 7 and 30 days' renewals with their expected revenue, and the failures to look at. */
export async function renewalOverview(db: DbOrTx, now: Date): Promise<AdminRenewalOverview> {
  const [upcoming, failed] = await Promise.all([Promise.all(RENEWAL_FORECAST_DAYS.map((days) => forecast(db, now, days))), failedRenewals(db)]);
  return { upcoming, failed };
}

/**
 * Every subscription renewing by card, soonest expiry first, with its saved card and the
 * current period's charge; `q` matches part of the customer's email.
 */
export async function autoRenewingSubscriptions(db: DbOrTx, query: Page & { q?: string | undefined }): Promise<PageOf<AdminAutoRenewingSubscription>> {
  const where = and(renewsByCard, query.q ? ilike(customers.email, containsPattern(query.q)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        subscriptionId: subscriptions.id,
        orderId: subscriptions.orderId,
        customerEmail: customers.email,
        customerName: fullName,
        packageName: packages.name,
        deviceCount: subscriptions.deviceCount,
        status: subscriptions.status,
        expirationDate: subscriptions.expirationDate,
        renewalId: renewalCharges.id,
        renewalStatus: renewalCharges.status,
        renewalAttempts: renewalCharges.attempts,
        renewalReason: renewalCharges.lastErrorMessage,
        renewalNextAttemptAt: renewalCharges.nextAttemptAt,
        renewalFirstDeclinedAt: renewalCharges.firstDeclinedAt,
        brand: savedCards.brand,
        last4: savedCards.last4,
        expMonth: savedCards.expMonth,
        expYear: savedCards.expYear,
      })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .leftJoin(savedCards, eq(savedCards.id, subscriptions.savedCardId))
      .leftJoin(renewalCharges, and(eq(renewalCharges.subscriptionId, subscriptions.id), eq(renewalCharges.periodEnd, subscriptions.expirationDate)))
      .where(where)
      .orderBy(asc(subscriptions.expirationDate), asc(subscriptions.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(subscriptions).innerJoin(customers, eq(customers.id, subscriptions.customerId)).where(where),
  ]);
  const items = rows.map((row) => ({
    subscriptionId: row.subscriptionId,
    orderId: row.orderId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    packageName: row.packageName,
    deviceCount: row.deviceCount,
    status: row.status as AdminAutoRenewingSubscription['status'],
    expirationDate: row.expirationDate.toISOString(),
    nextChargeAt: renewalChargeAt(row.expirationDate).toISOString(),
    renewal:
      row.renewalId && row.renewalStatus
        ? { id: row.renewalId, status: row.renewalStatus, attempts: row.renewalAttempts ?? 0, reason: row.renewalReason, retryAt: retryAt(row.renewalStatus, row.renewalFirstDeclinedAt, row.renewalNextAttemptAt) }
        : null,
    card:
      row.brand !== null && row.last4 !== null && row.expMonth !== null && row.expYear !== null
        ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
        : null,
  }));
  return { items, total: total!.total };
}
