import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CustomerOrder, CustomerProfile } from '#contract/accounts';
import type { Subscription } from '#contract/subscriptions';
import { apiRequest } from '../../lib/api';

export const CURRENT_CUSTOMER_KEY = ['/api/auth/me'] as const;
export const SUBSCRIPTIONS_KEY = ['/api/subscriptions'] as const;
export const CUSTOMER_ORDERS_KEY = ['/api/customer/orders'] as const;

const SUBSCRIPTIONS_REFRESH_MS = 5000;

export function useCurrentCustomer() {
  return useQuery<CustomerProfile>({ queryKey: CURRENT_CUSTOMER_KEY });
}

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

/** After a sign-in: nothing cached about whoever used this tab before, and the new customer known at once. */
export function rememberSignedIn(queryClient: QueryClient, customer: CustomerProfile): void {
  for (const queryKey of [CURRENT_CUSTOMER_KEY, SUBSCRIPTIONS_KEY, CUSTOMER_ORDERS_KEY]) queryClient.removeQueries({ queryKey });
  queryClient.setQueryData(CURRENT_CUSTOMER_KEY, customer);
}
