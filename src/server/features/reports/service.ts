import type { CurrencyCode } from '#domain/currencies';
import type { DbOrTx } from '#server/db/connect';
import type { Clock } from '#server/lib/clock';
import type { AdminOrderListQuery } from '#contract/admin-orders';
import type { AuditLogQuery } from '#contract/admin-audit';
import type { DayRange } from '#contract/day-range';
import type { OutboxQuery } from '#contract/admin-outbox';
import { customerRecords, keptCustomerRecords } from './admin-customers';
import type { Page } from './page-total';
import { orderDetail, orderPage } from './admin-orders';
import { adminStats } from './admin-stats';
import { auditLogPage } from './audit-log';
import { billingHistory, billingReceipt } from './billing-history';
import { customerExport, orderExport } from './exports';
import { notificationPage } from './notifications';
import { outboxPage } from './outbox';
import { owedGiftCardPage } from './owed-gift-cards';
import { revenueByDay } from './revenue';
import { autoRenewingSubscriptions, renewalOverview } from './renewals';
import { trialConversion } from './trial-conversion';

/**
 * Read-only reports across many tables (ARCHITECTURE 'Ownership'): SQL aggregates and pages,
 * never whole tables. Days, months and the CSV's dates are the store's time zone's (decision 0034).
 */
export function createReports(db: DbOrTx, { timeZone, graceDays, clock }: { timeZone: string; graceDays: number; clock: Clock }) {
  const lapse = () => ({ graceDays, now: clock.now() });
  const recordsOf = keptCustomerRecords();
  return {
    customerRecords: (page: Page & { q?: string | undefined }) => customerRecords(db, page, lapse(), recordsOf),
    notifications: (page: Page) => notificationPage(db, page),
    stats: () => adminStats(db, timeZone),
    owedGiftCards: (page: Page) => owedGiftCardPage(db, page),
    auditLog: (query: AuditLogQuery) => auditLogPage(db, query),
    outbox: (query: OutboxQuery) => outboxPage(db, query),
    revenueByDay: (days: number, currency: CurrencyCode) => revenueByDay(db, days, timeZone, currency),
    orderPage: (query: AdminOrderListQuery) => orderPage(db, query, timeZone),
    orderDetail: (orderId: string) => orderDetail(db, orderId, lapse()),
    orderExport: (range?: DayRange, batchSize?: number) => orderExport(db, timeZone, range, batchSize),
    customerExport: (range?: DayRange, batchSize?: number) => customerExport(db, timeZone, range, batchSize),
    renewalOverview: (now: Date) => renewalOverview(db, now),
    /** Trials -> paid by ISO week of the store's time zone (decision 0101). */
    trialConversion: (weeks: number) => trialConversion(db, { weeks, now: clock.now(), timeZone }),
    autoRenewingSubscriptions: (query: Page & { q?: string | undefined }) => autoRenewingSubscriptions(db, query),
    /** The signed-in customer's own payments (the account's "Billing"), and one of them as its receipt. */
    billingHistory: (customerId: string) => billingHistory(db, customerId),
    billingReceipt: (customerId: string, orderId: string) => billingReceipt(db, customerId, orderId),
  };
}

export type Reports = ReturnType<typeof createReports>;
