import { useQuery } from '@tanstack/react-query';
import type { CustomerOrder } from '#contract/accounts';
import type { Subscription } from '#contract/subscriptions';
import { apiRequest } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const SUBSCRIPTIONS_REFRESH_MS = 5000;

/** Never cached: a fresh, cache-busted request every 5 s while credentials are provisioned. */
async function fetchSubscriptions(): Promise<Subscription[]> {
  const response = await apiRequest('GET', `/api/subscriptions?t=${Date.now()}`);
  return (await response.json()) as Subscription[];
}

export function useSubscriptions(enabled: boolean) {
  return useQuery<Subscription[]>({
    queryKey: queryKeys.subscriptions,
    queryFn: fetchSubscriptions,
    refetchInterval: SUBSCRIPTIONS_REFRESH_MS,
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}

export function useCustomerOrders(enabled: boolean) {
  return useQuery<CustomerOrder[]>({ queryKey: queryKeys.customerOrders, enabled });
}
