import { queryOptions, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { storeConfigSchema } from './response-schemas';

const storeConfigQuery = queryOptions({ queryKey: queryKeys.storeConfig, queryFn: getQueryFn({ schema: storeConfigSchema }) });

/** GET /api/config: which card and crypto providers are live (Stripe or demo, NOWPayments or demo). */
export function useStoreConfig() {
  return useQuery(storeConfigQuery);
}

/**
 * Starts GET /api/config with the checkout page without subscribing it to the answer: only the
 * payment steps read it, and its arrival re-rendered the whole form on a phone (decision 0054).
 */
export function usePrefetchStoreConfig(): void {
  usePrefetchQuery(storeConfigQuery);
}
