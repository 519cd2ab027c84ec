import type { DbOrTx } from '#server/db/connect';
import type { AdminOrderListQuery } from '#contract/admin-orders';
import { customerRecords, type Page } from './admin-customers';
import { orderDetail, orderPage } from './admin-orders';
import { adminStats } from './admin-stats';
import { auditLogPage } from './audit-log';
import { customerExport, orderExport } from './exports';
import { notificationPage } from './notifications';
import { outboxPage } from './outbox';
import { owedGiftCardPage } from './owed-gift-cards';
import { revenueByDay } from './revenue';

export type { Page, PageOf } from './admin-customers';

/** Read-only reports across many tables (ARCHITECTURE 'Ownership'): SQL aggregates and pages, never whole tables. */
export function createReports(db: DbOrTx) {
  return {
    customerRecords: (page: Page & { q?: string | undefined }) => customerRecords(db, page),
    notifications: (page: Page) => notificationPage(db, page),
    stats: () => adminStats(db),
    owedGiftCards: (page: Page) => owedGiftCardPage(db, page),
    auditLog: (page: Page) => auditLogPage(db, page),
    outbox: (page: Page) => outboxPage(db, page),
    revenueByDay: (days: number) => revenueByDay(db, days),
    orderPage: (query: AdminOrderListQuery) => orderPage(db, query),
    orderDetail: (orderId: string) => orderDetail(db, orderId),
    orderExport: (batchSize?: number) => orderExport(db, batchSize),
    customerExport: (batchSize?: number) => customerExport(db, batchSize),
  };
}

