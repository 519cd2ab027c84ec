import { auditEntryListSchema } from '#contract/admin-audit';
import { adminCouponListSchema } from '#contract/admin-coupons';
import { outboxMailListSchema } from '#contract/admin-outbox';
import { revenueDayListSchema } from '#contract/admin-revenue';
import type { CurrencyCode } from '#domain/currencies';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type AuditFilters, type ListPage, type OutboxFilters } from '../../../lib/admin-query-keys';
import { LIST_POLL_MS, listUrl, STATS_POLL_MS, useRevalidated } from '../shared/use-admin-queries';

export function useAdminCoupons(page: ListPage, enabled = true) {
  return useRevalidated(adminKeys.couponPage(page), () => listUrl(adminApiRoutes.coupons, page, false), adminCouponListSchema, LIST_POLL_MS, false, enabled);
}

export function useRevenue(days: number, currency: CurrencyCode) {
  return useRevalidated(adminKeys.revenueDays(days, currency), () => `${adminApiRoutes.revenue}?days=${days}&currency=${currency}`, revenueDayListSchema, STATS_POLL_MS);
}

export function useAuditLog(page: ListPage, filters: AuditFilters) {
  return useRevalidated(adminKeys.auditLogPage(page, filters), () => listUrl(adminApiRoutes.auditLog, page, false, { ...filters }), auditEntryListSchema, LIST_POLL_MS);
}

export function useOutbox(page: ListPage, filters: OutboxFilters) {
  return useRevalidated(adminKeys.outboxPage(page, filters), () => listUrl(adminApiRoutes.outbox, page, false, { ...filters }), outboxMailListSchema, LIST_POLL_MS);
}
