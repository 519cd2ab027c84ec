import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '#contract/subscriptions';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { t } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';

/** PATCH /api/subscriptions/:id/auto-renew; the list is refreshed with the server's answer. */
export function useAutoRenewSwitch(subscription: Subscription) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api(apiRoutes.autoRenew(subscription.id), { method: 'PATCH', body: { enabled }, schema: subscriptionSchema }),
    onSuccess: (updated) => {
      toast({
        title: t(updated.autoRenew ? 'account.autoRenew.onTitle' : 'account.autoRenew.offTitle'),
        description: t(updated.autoRenew ? 'account.autoRenew.onToast' : 'account.autoRenew.offToast'),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
    onError: (error) => toast({ title: t('account.autoRenew.notChangedTitle'), description: messageOr(error, t('account.autoRenew.tryAgain')), variant: 'destructive' }),
  });
}
