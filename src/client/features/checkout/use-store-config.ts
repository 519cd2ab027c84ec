import { queryOptions, useQueryClient, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getQueryFn } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { storeConfigSchema } from './response-schemas';

const storeConfigQuery = queryOptions({ queryKey: queryKeys.storeConfig, queryFn: getQueryFn({ schema: storeConfigSchema }) });

/** GET /api/config: which card and crypto providers are live (Stripe or demo, NOWPayments or demo). */
export function useStoreConfig() {
  return useQuery(storeConfigQuery);
}

/**
 * Starts GET /api/config without subscribing to the answer: only the payment steps read it, and
 * its arrival re-rendered the whole form on a phone (decision 0054). Called at the buyer's first
 * input rather than with the page: its schema brings zod, whose evaluation was one of checkout's
 * long tasks before the form was usable (decision 0095). A payment step asks for it if it has not come.
 */
export function usePrefetchStoreConfig(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.prefetchQuery(storeConfigQuery), [queryClient]);
}
