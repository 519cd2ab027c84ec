import { MAIN_ID } from '../components/SkipLink';
import { CheckoutHeader } from '../features/checkout/CheckoutHeader';
import { CheckoutView } from '../features/checkout/CheckoutView';
import { OrderConfirmedDialog } from '../features/checkout/OrderConfirmedDialog';
import { TrialOrCartChoice } from '../features/checkout/TrialOrCartChoice';
import { useCheckoutFlow } from '../features/checkout/use-checkout-flow';
import { useCheckoutItem } from '../features/checkout/use-checkout-item';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const flow = useCheckoutFlow();
  const checkout = useCheckoutItem(flow.finished);
  return (
    <div className="min-h-screen">
      <CheckoutHeader />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:pt-10">
        <div className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Checkout</h1>
          <p className="mt-2 text-muted-foreground">A few details and your streams are on their way.</p>
        </div>
        {checkout.kind === 'ready' && <CheckoutView key={checkout.item.id} item={checkout.item} flow={flow} />}
        {checkout.kind === 'trial-or-cart' && <TrialOrCartChoice cartItem={checkout.cartItem} onTrial={checkout.takeTrial} onCart={checkout.keepCart} />}
        {checkout.kind === 'loading' && <CheckoutSkeleton />}
      </main>
      <OrderConfirmedDialog order={flow.confirmed} onContinue={flow.closeConfirmation} />
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" role="status" aria-label="Loading checkout">
      <div className="h-96 animate-pulse rounded-2xl bg-card" />
      <div className="h-72 animate-pulse rounded-2xl bg-card" />
    </div>
  );
}
