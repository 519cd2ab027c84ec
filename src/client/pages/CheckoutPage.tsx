import { CheckoutHeader } from '../features/checkout/CheckoutHeader';
import { CheckoutView } from '../features/checkout/CheckoutView';
import { OrderConfirmedDialog } from '../features/checkout/OrderConfirmedDialog';
import { useCheckoutFlow } from '../features/checkout/use-checkout-flow';
import { useCheckoutItem } from '../features/checkout/use-checkout-item';

export default function CheckoutPage() {
  const flow = useCheckoutFlow();
  const item = useCheckoutItem(flow.finished);
  return (
    <div className="min-h-screen">
      <CheckoutHeader />
      <main className="mx-auto max-w-6xl px-4 pb-16 pt-8 sm:pt-10">
        <div className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Checkout</h1>
          <p className="mt-2 text-muted-foreground">A few details and your streams are on their way.</p>
        </div>
        {item ? <CheckoutView key={item.id} item={item} flow={flow} /> : <CheckoutSkeleton />}
      </main>
      <OrderConfirmedDialog open={flow.confirmedOrderId !== null} orderId={flow.confirmedOrderId} onContinue={flow.closeConfirmation} />
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
