// The checkout feature's face: the page's parts, its steps, and the shell the router paints while they load.
export { CheckoutHeader } from './CheckoutHeader';
export { CheckoutFrame, CheckoutShell, CheckoutSkeleton } from './CheckoutShell';
export { CheckoutView } from './CheckoutView';
export { CryptoInvoiceView } from './LazyCryptoInvoiceView';
export { OrderConfirmedDialog } from './OrderConfirmedDialog';
export { TrialOrCartChoice } from './TrialOrCartChoice';
export { useCheckoutFlow } from './use-checkout-flow';
export { useCheckoutItem } from './use-checkout-item';
