import { adminCustomerListSchema } from '#contract/admin';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage } from '../../../lib/admin-query-keys';
import { DASHBOARD_POLL_MS, listUrl, OVERVIEW_POLL_MS, useRevalidated } from '../shared/use-admin-queries';

export type CustomerPolling = 'overview' | 'dashboard';

/** The customer-subscription records: /admin's every 30 s and on focus, /admin-dashboard's every 5 s, cache-busted (spec section 7). */
export function useCustomerRecords(page: ListPage, polling: CustomerPolling, enabled = true) {
  const dashboard = polling === 'dashboard';
  return useRevalidated(
    adminKeys.customerPage(page),
    () => listUrl(adminApiRoutes.customers, page, dashboard),
    adminCustomerListSchema,
    dashboard ? DASHBOARD_POLL_MS : OVERVIEW_POLL_MS,
    !dashboard,
    enabled,
  );
}
