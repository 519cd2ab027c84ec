import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { storeConfigSchema } from '#contract/checkout';
import { cardSetupResponseSchema, subscriptionSchema, type Subscription } from '#contract/subscriptions';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { api, getQueryFn, messageOr } from '../../lib/api';
import { apiRoutes } from '../../lib/api-routes';
import { queryKeys } from '../../lib/query-keys';
import { useMessages } from '../../lib/i18n';
import { formatIsolated } from '../../lib/isolated-message';
import { DemoSetupForm } from './DemoSetupForm';

const StripeSetupForm = lazy(() => import('./StripeSetupForm'));

function FormSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-11" />
    </div>
  );
}

/**
 * "Update card" (decision 0044): the provider saves a card for the customer (Stripe's Elements
 * with a SetupIntent, or the demo form); the server then checks the saved card with the
 * provider itself before the subscription's renewals charge it.
 */
export default function UpdateCardDialog({ subscription, open, onOpenChange }: { subscription: Subscription; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useMessages('account');
  const queryClient = useQueryClient();
  const config = useQuery({ queryKey: queryKeys.storeConfig, queryFn: getQueryFn({ schema: storeConfigSchema }) });
  const setup = useQuery({
    queryKey: queryKeys.cardSetup(subscription.id),
    queryFn: () => api(apiRoutes.cardSetup(subscription.id), { method: 'POST', schema: cardSetupResponseSchema }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const useCard = useMutation({
    mutationFn: (setupIntentId: string) => api(apiRoutes.subscriptionCard(subscription.id), { method: 'POST', body: { setupIntentId }, schema: subscriptionSchema }),
    onSuccess: () => {
      toast({ title: t('account.card.updated'), description: t('account.card.updatedDescription') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
      onOpenChange(false);
    },
  });
  const save = async (setupIntentId: string): Promise<string | null> => {
    try {
      await useCard.mutateAsync(setupIntentId);
      return null;
    } catch (error) {
      return messageOr(error, t('account.card.notSaved'));
    }
  };

  const failed = config.isError || setup.isError;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('account.card.update')}</DialogTitle>
          <DialogDescription>{formatIsolated('account.card.updateDescription', { name: subscription.package.name })}</DialogDescription>
        </DialogHeader>
        {failed ? (
          <div className="grid gap-3">
            <p role="alert" className="text-sm text-destructive">
              {messageOr(setup.error ?? config.error, t('account.card.formFailed'))}
            </p>
            <Button variant="outline" onClick={() => void Promise.all([config.refetch(), setup.refetch()])}>
              {t('account.tryAgain')}
            </Button>
          </div>
        ) : !config.data || !setup.data ? (
          <FormSkeleton />
        ) : setup.data.provider === 'stripe' && config.data.stripePublishableKey ? (
          <Suspense fallback={<FormSkeleton />}>
            <StripeSetupForm publishableKey={config.data.stripePublishableKey} clientSecret={setup.data.clientSecret} onSaved={save} />
          </Suspense>
        ) : (
          <DemoSetupForm setupIntentId={setup.data.setupIntentId} onSaved={save} />
        )}
      </DialogContent>
    </Dialog>
  );
}
