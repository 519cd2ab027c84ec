import { CheckoutFrame, CheckoutHeader, CheckoutSkeleton, CheckoutView, OrderConfirmedDialog, TrialOrCartChoice, useCheckoutFlow, useCheckoutItem } from '../features/checkout';
import { useDocumentTitle } from '../lib/use-document-title';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const flow = useCheckoutFlow();
  const checkout = useCheckoutItem(flow.finished);
  return (
    <>
      <CheckoutFrame header={<CheckoutHeader />}>
        {checkout.kind === 'ready' && <CheckoutView key={checkout.item.id} item={checkout.item} flow={flow} />}
        {checkout.kind === 'trial-or-cart' && <TrialOrCartChoice cartItem={checkout.cartItem} onTrial={checkout.takeTrial} onCart={checkout.keepCart} />}
        {checkout.kind === 'loading' && <CheckoutSkeleton />}
      </CheckoutFrame>
      <OrderConfirmedDialog order={flow.confirmed} onContinue={flow.closeConfirmation} />
    </>
  );
}
