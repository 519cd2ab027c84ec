import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import type { CardPaymentProps } from './card-payment-props';
import { DemoCardForm } from './DemoCardForm';
import { useStoreConfig } from './use-store-config';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

function CardFormSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading card form">
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-4">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-12 w-full rounded-xl" />
    </div>
  );
}

/** Card entry through the live provider: Stripe's Payment Element, or the demo card form. */
export function CardPayment(props: CardPaymentProps) {
  const config = useStoreConfig();
  if (config.isPending) return <CardFormSkeleton />;
  if (config.isError) {
    return (
      <div className="grid gap-3 text-sm">
        <p className="text-destructive">Card payments could not be loaded. Please check your connection.</p>
        <Button type="button" variant="outline" onClick={() => config.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { cardProvider, stripePublishableKey } = config.data;
  if (cardProvider === 'stripe' && stripePublishableKey) {
    return (
      <Suspense fallback={<CardFormSkeleton />}>
        <StripeCardForm publishableKey={stripePublishableKey} {...props} />
      </Suspense>
    );
  }
  return <DemoCardForm {...props} />;
}
