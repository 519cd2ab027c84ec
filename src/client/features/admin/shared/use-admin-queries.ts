import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { output, ZodType } from 'zod';
import { adminSessionSchema, adminStatsSchema } from '#contract/admin';
import type { StaffRole } from '#contract/admin-staff';
import { adminPackageListSchema } from '#contract/admin-packages';
import { api } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage } from '../../../lib/admin-query-keys';
import { revalidatingGet, type Revalidated } from './revalidating-get';

/** Polling of spec sections 7 and 9: /admin's lists every 30 s (and the customers on focus), /admin-dashboard's every 5 s, cache-busted. */
export const OVERVIEW_POLL_MS = 30_000;
export const DASHBOARD_POLL_MS = 5_000;
export const LIST_POLL_MS = 30_000;
// The figures (and the revenue by day) are aggregates over every order; the lists beside them show what is new sooner.
export const STATS_POLL_MS = 30_000;

/** A list's page as its query string, with the filters set ('' is none) and, when asked, a cache-busting parameter. */
export function listUrl(path: string, page: ListPage, cacheBust: boolean, filters: Record<string, string> = {}): string {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.q) params.set('q', page.q);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cacheBust) params.set('_', String(Date.now()));
  return `${path}?${params.toString()}`;
}

/** A query whose every refetch revalidates the answer it already holds under its key. */
export function useRevalidated<S extends ZodType>(queryKey: QueryKey, url: () => string, schema: S, refetchInterval: number, refetchOnWindowFocus = false, enabled = true) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: () => revalidatingGet(url(), schema, queryClient.getQueryData<Revalidated<output<S>>>(queryKey)),
    refetchInterval,
    refetchOnWindowFocus,
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Every figure both dashboards show. */
export function useAdminStats() {
  return useRevalidated(adminKeys.stats, () => adminApiRoutes.stats, adminStatsSchema, STATS_POLL_MS);
}

/** Every package, hidden ones too: the packages tab, and the orders' package filter. */
export function useAdminPackages() {
  return useQuery({
    queryKey: adminKeys.packages,
    queryFn: () => api(adminApiRoutes.packages, { schema: adminPackageListSchema }),
    staleTime: 0,
  });
}

/** GET /api/admin/auth, asked again on every admin page visit and never retried (spec section 7). */
export function useAdminSession() {
  return useQuery({
    queryKey: adminKeys.session,
    queryFn: () => api(adminApiRoutes.session, { schema: adminSessionSchema }),
    retry: false,
    staleTime: 0,
  });
}

/** The signed-in member's role (decision 0098), read below the gate, which waits for the session; the least one until then. */
export function useStaffRole(): StaffRole {
  return useAdminSession().data?.admin.role ?? 'fulfilment';
}
