import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminCustomerListSchema, adminSessionSchema, adminStatsSchema, purchaseNotificationListSchema } from '#contract/admin';
import { adminCouponListSchema } from '#contract/admin-coupons';
import { owedGiftCardListSchema } from '#contract/admin-orders';
import { apiRequest, revalidatingGet, type Revalidated } from '../../lib/api';
import { adminKeys, type ListPage } from './query-keys';

/** Polling of spec sections 7 and 9: /admin every 30 s (and on focus), /admin-dashboard every 5 s, cache-busted. */
const OVERVIEW_POLL_MS = 30_000;
const DASHBOARD_POLL_MS = 5_000;
const NOTIFICATIONS_POLL_MS = 30_000;
// The figures are one aggregate over every table; the lists beside them show what is new sooner.
const STATS_POLL_MS = 30_000;

export type CustomerPolling = 'overview' | 'dashboard';

function listUrl(path: string, page: ListPage, cacheBust: boolean): string {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.q) params.set('q', page.q);
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
