import { useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionSchema, type Subscription } from '#contract/subscriptions';
import { toast } from '../../components/ui/use-toast';
import { api, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';

/** PATCH /api/subscriptions/:id/auto-renew; the list is refreshed with the server's answer. */
export function useAutoRenewSwitch(subscription: Subscription) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api(apiRoutes.autoRenew(subscription.id), { method: 'PATCH', body: { enabled }, schema: subscriptionSchema }),
    onSuccess: (updated) => {
      toast({
        title: updated.autoRenew ? 'Automatic renewal on' : 'Automatic renewal off',
        description: updated.autoRenew ? 'Your saved card is charged before the expiry.' : 'Your card will not be charged. We emailed you a confirmation.',
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
    onError: (error) => toast({ title: 'Automatic renewal not changed', description: messageOr(error, 'Please try again.'), variant: 'destructive' }),
  });
}
