import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminAutoRenewingListSchema, adminRenewalActionSchema, adminRenewalOverviewSchema } from '#contract/admin-renewals';
import { toast } from '../../../components/ui/use-toast';
import { api, messageOr } from '../../../lib/api';
import { adminApiRoutes } from '../../../lib/admin-api-routes';
import { adminKeys, type ListPage } from '../../../lib/admin-query-keys';
import { LIST_POLL_MS, listUrl, STATS_POLL_MS, useRevalidated } from '../shared/use-admin-queries';

/** The next 7 and 30 days' renewals with their expected revenue, and the failed ones. */
export function useRenewalOverview() {
  return useRevalidated(adminKeys.renewals, () => adminApiRoutes.renewals, adminRenewalOverviewSchema, STATS_POLL_MS);
}

export function useAutoRenewingSubscriptions(page: ListPage) {
  return useRevalidated(adminKeys.autoRenewingPage(page), () => listUrl(adminApiRoutes.autoRenewingSubscriptions, page, false), adminAutoRenewingListSchema, LIST_POLL_MS);
}

type Action = { kind: 'retry' | 'dismiss'; renewalId: string } | { kind: 'cancel'; subscriptionId: string };

const ACTION_TITLES: Record<Action['kind'], string> = { retry: 'Renewal Retried', dismiss: 'Failed Renewal Dismissed', cancel: 'Auto-Renew Cancelled' };

function actionUrl(action: Action): string {
  if (action.kind === 'cancel') return adminApiRoutes.cancelAutoRenew(action.subscriptionId);
  return action.kind === 'retry' ? adminApiRoutes.retryRenewal(action.renewalId) : adminApiRoutes.dismissRenewal(action.renewalId);
}

/**
 * 'Retry now', 'Dismiss' and 'Cancel auto-renew': each answered by a toast in the server's
 * words, then both lists of the section asked again.
 */
export function useRenewalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) => api(actionUrl(action), { method: 'POST', schema: adminRenewalActionSchema }),
    onSuccess: ({ message }, action) => toast({ title: ACTION_TITLES[action.kind], description: message }),
    onError: (error) => toast({ title: 'Action Failed', description: messageOr(error, 'The renewal could not be changed. Please try again.'), variant: 'destructive' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.renewals });
      await queryClient.invalidateQueries({ queryKey: adminKeys.autoRenewingSubscriptions });
    },
  });
}

export type RenewalAction = ReturnType<typeof useRenewalAction>;
