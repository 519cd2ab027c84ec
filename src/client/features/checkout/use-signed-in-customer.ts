import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '#contract/accounts';
import { apiRequest, errorStatus } from '../../lib/api';

const CURRENT_CUSTOMER_KEY = ['/api/auth/me'];

/**
 * The signed-in customer, to fill in the checkout form, or null for a guest. Kept apart
 * from the account page's query of the same call, whose 401 must stay an error.
 */
export function useSignedInCustomer() {
  const queryClient = useQueryClient();
  return useQuery<CustomerProfile | null>({
    queryKey: ['checkout', 'signed-in-customer'],
    queryFn: async () => {
      const known = queryClient.getQueryData<CustomerProfile>(CURRENT_CUSTOMER_KEY);
      if (known) return known;
      try {
        return (await (await apiRequest('GET', '/api/auth/me')).json()) as CustomerProfile;
      } catch (error) {
        if (errorStatus(error) === 401) return null;
        throw error;
      }
    },
    gcTime: 0,
  });
}
