import { CheckoutHeader } from '../features/checkout/CheckoutHeader';
import { CheckoutFrame, CheckoutSkeleton } from '../features/checkout/CheckoutShell';
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
