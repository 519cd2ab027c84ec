import { type SQL, and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import {
  RENEWAL_FORECAST_DAYS,
  type AdminAutoRenewingSubscription,
  type AdminFailedRenewal,
  type AdminRenewalOverview,
  type CurrencyForecast,
} from '#contract/admin-renewals';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
import { formatMoney } from '#domain/money';
import { deviceFeeIn } from '#domain/pricing';
import { renewalChargeAt } from '#domain/renewal';
import { RENEWAL_CHARGES_NEEDING_A_LOOK } from '#domain/renewal-charges';
import type { DbOrTx } from '#server/db/connect';
import { customers } from '../accounts/schema';
import { packagePrices, packages } from '../catalog/schema';
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
/**
 * The currency a subscription renews in: that of its last paid order (its first, or a
 * renewal's), as the renewal workflows place it (decision 0104); USD when none is found.
 */
// Written out: drizzle leaves the columns of a selected expression unqualified, which a correlated subquery cannot be.
const renewalCurrency = sql<CurrencyCode>`coalesce((select paid.currency from orders paid where paid.customer_id = subscriptions.customer_id and paid.payment_status = 'completed' and (paid.id = subscriptions.order_id or paid.renews_subscription_id = subscriptions.id) order by paid.paid_at desc nulls last limit 1), ${DEFAULT_CURRENCY})`;

/** The currency each of these subscriptions renews in (the account page's next charge, decision 0114). */
export async function renewalCurrenciesOf(db: DbOrTx, subscriptionIds: readonly string[]): Promise<Map<string, CurrencyCode>> {
  if (subscriptionIds.length === 0) return new Map();
  const rows = await db.select({ id: subscriptions.id, currency: renewalCurrency }).from(subscriptions).where(inArray(subscriptions.id, [...subscriptionIds]));
  return new Map(rows.map((row) => [row.id, row.currency]));
}

/** The fee of one device past the first in each currency (domain/pricing), for the SQL below. */
const extraDeviceFee = (currency: SQL) => sql`case ${currency} ${sql.join(SUPPORTED_CURRENCIES.map((code) => sql`when ${code} then ${sql.raw(String(deviceFeeIn(2, code)))}`), sql` `)} end`;

/**
 * Active auto-renewing subscriptions expiring within `days`, and what they would charge
 * today, per currency: each at its currency's price (USD: the package's; others: its price
 * list) and device fee, as checkout computes it (domain/pricing). A package no longer sold,
 * or no longer listed in that currency, is not renewed and charges nothing. Never a sum
 * across currencies (decision 0105).
 */
async function forecast(db: DbOrTx, now: Date, days: number) {
  const renewing = db
    .select({ currency: renewalCurrency.as('currency'), packageId: subscriptions.packageId, deviceCount: subscriptions.deviceCount })
    .from(subscriptions)
    .where(and(renewsByCard, eq(subscriptions.status, 'active'), gt(subscriptions.expirationDate, now), lte(subscriptions.expirationDate, new Date(now.getTime() + days * DAY_MS))))
    .as('renewing');
  const currency = sql<CurrencyCode>`renewing.currency`;
  const price = sql`case when ${currency} = ${DEFAULT_CURRENCY} then ${packages.price} else ${packagePrices.price} end`;
  const cents = sql`round(${price} * 100) + greatest(${renewing.deviceCount} - 1, 0) * ${extraDeviceFee(currency)}`;
  const rows = await db
    .select({ currency, count: count(), cents: sql<string>`coalesce(sum(${cents}), 0)` })
    .from(renewing)
    .innerJoin(packages, and(eq(packages.id, renewing.packageId), eq(packages.isActive, true)))
    .leftJoin(packagePrices, and(eq(packagePrices.packageId, renewing.packageId), sql`${packagePrices.currency} = ${currency}`))
    .where(or(sql`${currency} = ${DEFAULT_CURRENCY}`, isNotNull(packagePrices.price)))
    .groupBy(currency);
  const byCurrency: CurrencyForecast[] = SUPPORTED_CURRENCIES.flatMap((currency) => {
    const row = rows.find((candidate) => candidate.currency === currency);
    if (!row && currency !== DEFAULT_CURRENCY) return [];
    return [{ currency, count: row?.count ?? 0, expectedRevenue: formatMoney(Number(row?.cents ?? 0)) }];
  });
  const usd = byCurrency[0]!;
  return { days, count: byCurrency.reduce((sum, share) => sum + share.count, 0), expectedRevenue: usd.expectedRevenue, byCurrency };
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
      // The renewal order's currency once placed; before, the one it will be placed in.
      currency: sql<CurrencyCode>`coalesce((select placed.currency from orders placed where placed.id = renewal_charges.order_id), ${renewalCurrency})`,
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
