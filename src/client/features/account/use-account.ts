import { useQuery } from '@tanstack/react-query';
import type { CustomerOrder } from '#contract/accounts';
import type { Subscription } from '#contract/subscriptions';
import { apiRequest } from '../../lib/api';

export const SUBSCRIPTIONS_KEY = ['/api/subscriptions'] as const;
export const CUSTOMER_ORDERS_KEY = ['/api/customer/orders'] as const;

const SUBSCRIPTIONS_REFRESH_MS = 5000;

/** Never cached: a fresh, cache-busted request every 5 s while credentials are provisioned. */
async function fetchSubscriptions(): Promise<Subscription[]> {
  const response = await apiRequest('GET', `/api/subscriptions?t=${Date.now()}`);
  return (await response.json()) as Subscription[];
}

export function useSubscriptions(enabled: boolean) {
  return useQuery<Subscription[]>({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: fetchSubscriptions,
    refetchInterval: SUBSCRIPTIONS_REFRESH_MS,
    staleTime: 0,
    gcTime: 0,
    enabled,
  });
}

export function useCustomerOrders(enabled: boolean) {
  return useQuery<CustomerOrder[]>({ queryKey: CUSTOMER_ORDERS_KEY, enabled });
}
