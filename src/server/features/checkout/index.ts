// The checkout feature's face: the form's price on the server, what its order records, the free trial's one-per-buyer rule.
export type { CheckoutContext } from './context';
export { orderColumns } from './order-columns';
export { priceQuote, quoteCheckout, refuseAutoRenewWithoutPayment, type PricedCheckout } from './pricing';
export { checkoutRoutes } from './routes';
export { claimFreeTrial, freeTrialRefusal } from './trial-claims';
