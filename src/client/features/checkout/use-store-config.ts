import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { storeConfigSchema } from './response-schemas';

/** GET /api/config: which card and crypto providers are live (Stripe or demo, NOWPayments or demo). */
export function useStoreConfig() {
  return useQuery({ queryKey: queryKeys.storeConfig, queryFn: getQueryFn({ schema: storeConfigSchema }) });
}
