import { useQuery } from '@tanstack/react-query';
import { billingHistorySchema, receiptSchema } from '#contract/billing';
import { api, getQueryFn } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

export function useBillingHistory() {
  return useQuery({ queryKey: queryKeys.billing, queryFn: getQueryFn({ schema: billingHistorySchema }) });
}

/** One payment's receipt; its id comes from the address bar, so it is sent encoded, as one path segment. */
export function useReceipt(orderId: string) {
  return useQuery({ queryKey: queryKeys.receipt(orderId), queryFn: () => api(apiRoutes.receipt(orderId), { schema: receiptSchema }) });
}
