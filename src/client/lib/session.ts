import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CustomerProfile } from '#contract/accounts';
import { getQueryFn } from './api';
import { customerKeys, queryKeys } from './query-keys';

// Every page asks who is signed in, the landing page and checkout among them, which start
// without zod (decision 0024): the schema loads beside the call.
const accounts = () => import('#contract/accounts');
const currentCustomerSchema = () => accounts().then((contract) => contract.customerProfileSchema.nullable());

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
