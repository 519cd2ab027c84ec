import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { subscriptionListSchema } from './response-schemas';

/**
 * The subscription a renewal's checkout extends, as the account lists it (its key, never
 * cached): its package, expiry, automatic renewal and saved card. Null while it loads and for
 * any other checkout.
 */
export function useRenewedSubscription(subscriptionId: string | undefined) {
  const list = useQuery({
    queryKey: queryKeys.subscriptions,
    queryFn: () => api(`${apiRoutes.subscriptions}?t=${Date.now()}`, { schema: subscriptionListSchema }),
    staleTime: 0,
    gcTime: 0,
    enabled: Boolean(subscriptionId),
  });
  return subscriptionId ? (list.data?.find((subscription) => subscription.id === subscriptionId) ?? null) : null;
}
