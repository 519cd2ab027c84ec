import { useQuery } from '@tanstack/react-query';
import type { StoreConfig } from '#contract/checkout';

/** GET /api/config: which card and crypto providers are live (Stripe or demo, NOWPayments or demo). */
export function useStoreConfig() {
  return useQuery<StoreConfig>({ queryKey: ['/api/config'] });
}
