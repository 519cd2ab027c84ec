import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminCustomerListSchema, adminSessionSchema, adminStatsSchema, purchaseNotificationListSchema } from '#contract/admin';
import { adminCouponListSchema } from '#contract/admin-coupons';
import { auditEntryListSchema } from '#contract/admin-audit';
import { adminOrderDetailSchema, adminOrderPaths, adminOrderSummaryListSchema, owedGiftCardListSchema, type AdminOrderDetail } from '#contract/admin-orders';
import { outboxMailListSchema } from '#contract/admin-outbox';
import { adminPackageListSchema } from '#contract/admin-packages';
import { revenueDayListSchema } from '#contract/admin-revenue';
import { apiRequest, revalidatingGet, type Revalidated } from '../../../lib/api';
import { adminKeys, type ListPage, type OrderFilters } from '../../../lib/query-keys';

/** Polling of spec sections 7 and 9: /admin every 30 s (and on focus), /admin-dashboard every 5 s, cache-busted. */
const OVERVIEW_POLL_MS = 30_000;
const DASHBOARD_POLL_MS = 5_000;
const NOTIFICATIONS_POLL_MS = 30_000;
// The figures are one aggregate over every table; the lists beside them show what is new sooner.
const STATS_POLL_MS = 30_000;

export type CustomerPolling = 'overview' | 'dashboard';

function listUrl(path: string, page: ListPage, cacheBust: boolean, filters: Record<string, string> = {}): string {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.q) params.set('q', page.q);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cacheBust) params.set('_', String(Date.now()));
  return `${path}?${params.toString()}`;
}

/** A query whose every refetch revalidates the answer it already holds under its key. */
function useRevalidated<T>(queryKey: QueryKey, url: () => string, parse: (body: unknown) => T, refetchInterval: number, refetchOnWindowFocus = false) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: () => revalidatingGet(url(), parse, queryClient.getQueryData<Revalidated<T>>(queryKey)),
    refetchInterval,
    refetchOnWindowFocus,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerRecords(page: ListPage, polling: CustomerPolling) {
  const dashboard = polling === 'dashboard';
  return useRevalidated(
    adminKeys.customerPage(page),
    () => listUrl(adminKeys.customers[0], page, dashboard),
    (body) => adminCustomerListSchema.parse(body),
    dashboard ? DASHBOARD_POLL_MS : OVERVIEW_POLL_MS,
    !dashboard,
  );
}

export function usePurchaseNotifications(page: ListPage) {
  return useRevalidated(
    adminKeys.notificationPage(page),
    () => listUrl(adminKeys.notifications[0], page, false),
    (body) => purchaseNotificationListSchema.parse(body),
    NOTIFICATIONS_POLL_MS,
  );
}

export function useOwedGiftCards(page: ListPage) {
  return useRevalidated(
    adminKeys.owedGiftCardPage(page),
    () => listUrl(adminKeys.owedGiftCards[0], page, false),
    (body) => owedGiftCardListSchema.parse(body),
    NOTIFICATIONS_POLL_MS,
  );
}

export function useAdminCoupons(page: ListPage) {
  return useRevalidated(adminKeys.couponPage(page), () => listUrl(adminKeys.coupons[0], page, false), (body) => adminCouponListSchema.parse(body), NOTIFICATIONS_POLL_MS);
}

/** GET /api/admin/orders with the filters set; needsReview is sent only when asked for. */
export function useAdminOrders(page: ListPage, filters: OrderFilters) {
  const { needsReview, ...rest } = filters;
  return useRevalidated(
    adminKeys.orderPage(page, filters),
    () => listUrl(adminOrderPaths.list, page, false, { ...rest, needsReview: needsReview ? 'true' : '' }),
    (body) => adminOrderSummaryListSchema.parse(body),
    NOTIFICATIONS_POLL_MS,
  );
}

interface OrderPolling {
  everyMs: number;
  /** Asked of each answer: while it holds, the detail is asked again every `everyMs`. */
  until: (detail: AdminOrderDetail) => boolean;
}

/** One order's detail; with `polling`, asked again until the answer shows what the caller waits for. */
export function useAdminOrder(orderId: string, polling?: OrderPolling) {
  return useQuery({
    queryKey: adminKeys.order(orderId),
    queryFn: async () => adminOrderDetailSchema.parse(await (await apiRequest('GET', adminOrderPaths.detail(orderId))).json()),
    staleTime: 0,
    refetchInterval: (query) => (polling && query.state.data && !polling.until(query.state.data) ? polling.everyMs : false),
  });
}

export function useAdminPackages() {
  return useQuery({
    queryKey: adminKeys.packages,
    queryFn: async () => adminPackageListSchema.parse(await (await apiRequest('GET', adminKeys.packages[0])).json()),
    staleTime: 0,
  });
}

export function useRevenue(days: number) {
  return useRevalidated(adminKeys.revenueDays(days), () => `${adminKeys.revenue[0]}?days=${days}`, (body) => revenueDayListSchema.parse(body), STATS_POLL_MS);
}

export function useAuditLog(page: ListPage) {
  return useRevalidated(adminKeys.auditLogPage(page), () => listUrl(adminKeys.auditLog[0], page, false), (body) => auditEntryListSchema.parse(body), NOTIFICATIONS_POLL_MS);
}

export function useOutbox(page: ListPage) {
  return useRevalidated(adminKeys.outboxPage(page), () => listUrl(adminKeys.outbox[0], page, false), (body) => outboxMailListSchema.parse(body), NOTIFICATIONS_POLL_MS);
}

export function useAdminStats() {
  return useRevalidated(adminKeys.stats, () => adminKeys.stats[0], (body) => adminStatsSchema.parse(body), STATS_POLL_MS);
}

/** GET /api/admin/auth, asked again on every admin page visit and never retried (spec section 7). */
export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: async () => adminSessionSchema.parse(await (await apiRequest('GET', adminKeys.session[0])).json()),
    retry: false,
    staleTime: 0,
  });
}
