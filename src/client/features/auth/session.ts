import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { CustomerProfile } from '#contract/accounts';
import { toast } from '../../components/ui/use-toast';
import { api, getQueryFn } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { customerKeys, queryKeys } from '../../lib/query-keys';

// Every page asks who is signed in, the landing page and checkout among them, which start
// without zod (decision 0024): these schemas load beside their calls.
const accounts = () => import('#contract/accounts');
const currentCustomerSchema = () => accounts().then((contract) => contract.customerProfileSchema.nullable());
const signedOutSchema = () => accounts().then((contract) => contract.messageResponseSchema);

/**
 * The signed-in customer, or null for a guest (the server answers 200 null, so a guest's
 * visit logs no error). One query for every page (header, checkout, account), so a sign-in
 * shows everywhere at once. Unlike the store's other data it is checked again on each page that asks: a
 * session can begin or end outside this tab (another tab, an expiry).
 */
export function useCurrentCustomer() {
  return useQuery({
    queryKey: queryKeys.currentCustomer,
    queryFn: getQueryFn({ schema: currentCustomerSchema }),
    staleTime: 0,
  });
}

/** After a sign-in: nothing cached about whoever used this tab before, and the new customer known at once. */
export function rememberSignedIn(queryClient: QueryClient, customer: CustomerProfile): void {
  for (const queryKey of customerKeys) queryClient.removeQueries({ queryKey });
  queryClient.setQueryData(queryKeys.currentCustomer, customer);
}

/** Sign out (spec section 2 "Account"): cached data cleared, home, 'Logged Out'; a failure is only logged. */
export function useSignOut() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(apiRoutes.logout, { method: 'POST', schema: signedOutSchema }),
    onSuccess: () => {
      queryClient.clear();
      navigate('/');
      toast({ title: 'Logged Out', description: 'You have been successfully logged out' });
    },
    onError: (error) => console.error('Logout failed', error),
  });
}

/** /login and /register have nothing to offer a customer who is already signed in. */
export function useSendSignedInToAccount(): void {
  const customer = useCurrentCustomer();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (customer.data) navigate('/account', { replace: true });
  }, [customer.data, navigate]);
}
