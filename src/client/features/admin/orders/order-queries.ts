import { useQuery } from '@tanstack/react-query';
import { purchaseNotificationListSchema } from '#contract/admin';
import { adminOrderDetailSchema, adminOrderSummaryListSchema, owedGiftCardListSchema, type AdminOrderDetail } from '#contract/admin-orders';
import { api } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage, type OrderFilters } from '../../../lib/admin-query-keys';
import { LIST_POLL_MS, listUrl, useRevalidated } from '../shared/use-admin-queries';

export function usePurchaseNotifications(page: ListPage) {
  return useRevalidated(adminKeys.notificationPage(page), () => listUrl(adminApiRoutes.purchaseNotifications, page, false), purchaseNotificationListSchema, LIST_POLL_MS);
}

export function useOwedGiftCards(page: ListPage, enabled = true) {
  return useRevalidated(adminKeys.owedGiftCardPage(page), () => listUrl(adminApiRoutes.owedGiftCards, page, false), owedGiftCardListSchema, LIST_POLL_MS, false, enabled);
}

export const NO_ORDER_FILTERS: OrderFilters = { paymentStatus: '', needsReview: false, packageId: '', from: '', to: '' };

/** GET /api/admin/orders with the filters set; needsReview is sent only when asked for. */
export function useAdminOrders(page: ListPage, filters: OrderFilters) {
  const { needsReview, ...rest } = filters;
  return useRevalidated(
    adminKeys.orderPage(page, filters),
    () => listUrl(adminApiRoutes.list, page, false, { ...rest, needsReview: needsReview ? 'true' : '' }),
    adminOrderSummaryListSchema,
    LIST_POLL_MS,
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
    queryFn: () => api(adminApiRoutes.detail(orderId), { schema: adminOrderDetailSchema }),
    staleTime: 0,
    refetchInterval: (query) => (polling && query.state.data && !polling.until(query.state.data) ? polling.everyMs : false),
  });
}
