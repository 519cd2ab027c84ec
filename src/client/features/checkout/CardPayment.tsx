import { lazy, Suspense } from 'react';
import { Button } from '../../components/ui/button';
import { t } from '../../lib/i18n';
import { CardFormSkeleton } from './CardFormSkeleton';
import type { CardPaymentProps } from './card-payment-props';
import { DemoCardForm } from './DemoCardForm';
import { useStoreConfig } from './use-store-config';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** Card entry through the live provider: Stripe's Payment Element, or the demo card form. */
export function CardPayment(props: CardPaymentProps) {
  const config = useStoreConfig();
  if (config.isPending) return <CardFormSkeleton />;
  if (config.isError) {
    return (
      <div className="grid gap-3 text-sm">
        <p className="text-destructive">{t('payment.card.loadFailed')}</p>
        <Button type="button" variant="outline" onClick={() => void config.refetch()}>
          {t('payment.card.tryAgain')}
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
