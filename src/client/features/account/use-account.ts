import { useQuery } from '@tanstack/react-query';
import { customerOrderListSchema } from '#contract/accounts';
import { subscriptionListSchema } from '#contract/subscriptions';
import { api, getQueryFn } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

const SUBSCRIPTIONS_REFRESH_MS = 5000;

/** Never cached: a fresh, cache-busted request every 5 s while credentials are provisioned. */
export function useSubscriptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: () => api(`${apiRoutes.subscriptions}?t=${Date.now()}`, { schema: subscriptionListSchema }),
    refetchInterval: SUBSCRIPTIONS_REFRESH_MS,
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}

export function useCustomerOrders(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.customerOrders, queryFn: getQueryFn({ schema: customerOrderListSchema }), enabled });
}
