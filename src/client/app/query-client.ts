import { QueryClient } from '@tanstack/react-query';

/**
 * Data-fetching defaults of spec section 9: no interval, no refetch on focus, never stale, no
 * retries. No default query function: an answer is parsed with its route's schema, which only
 * the query knows, so each query passes lib/api's getQueryFn (the spec's data-loading call:
 * GET on the key's path, a 401 a failure) or its own call of `api` (decision 0030).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});
