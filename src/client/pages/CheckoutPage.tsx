import { useSearch } from 'wouter';
import { CheckoutFrame, CheckoutHeader, CheckoutSkeleton, CheckoutView, CryptoInvoiceView, OrderConfirmedDialog, TrialOrCartChoice, useCheckoutFlow, useCheckoutItem } from '../features/checkout';
import { t, useMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { useShownAfterFirstCommit } from '../lib/use-shown-after-first-commit';

/**
 * /checkout, and /checkout?invoice=<payment id>: a crypto renewal invoice of the demo provider,
 * the link of its reminder (decision 0046), paid on the checkout's payment panel. Here
 * rather than on a route of its own, which would grow the landing page's route table (its budget, decision 0024).
 */
export default function CheckoutPage() {
  // The checkout's words are here before any of its parts renders (decision 0106); 'payment'
  // holds the shipping, set-top box, card and confirmation words.
  useMessages('checkout', 'cart', 'payment');
  const invoice = new URLSearchParams(useSearch()).get('invoice');
  return invoice ? <CryptoInvoiceView paymentId={invoice} /> : <CheckoutFlowPage />;
}

function CheckoutFlowPage() {
  useDocumentTitle(t('site.checkout.title'));
  const flow = useCheckoutFlow();
  const checkout = useCheckoutItem(flow.finished);
  // The form is built in time-sliced passes after the page's frame is on screen (decision 0095).
  const formShown = useShownAfterFirstCommit();
  return (
    <>
      <CheckoutFrame header={<CheckoutHeader />}>
        {checkout.kind === 'ready' && (formShown ? <CheckoutView key={checkout.item.id} item={checkout.item} flow={flow} /> : <CheckoutSkeleton />)}
        {checkout.kind === 'trial-or-cart' && <TrialOrCartChoice cartItem={checkout.cartItem} onTrial={checkout.takeTrial} onCart={checkout.keepCart} />}
        {checkout.kind === 'loading' && <CheckoutSkeleton />}
      </CheckoutFrame>
      <OrderConfirmedDialog order={flow.confirmed} renewal={flow.renewal} onContinue={flow.closeConfirmation} />
    </>
  );
}
