import { adminPanelViewSchema } from '#contract/admin-panel';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys } from '../../../lib/admin-query-keys';
import { STATS_POLL_MS, useRevalidated } from '../shared/use-admin-queries';

/** The panel's checks, credits and alerts, polled like the figures (a check is made once a minute). */
export function usePanelView() {
  return useRevalidated(adminKeys.panel, () => adminApiRoutes.panel, adminPanelViewSchema, STATS_POLL_MS);
}
