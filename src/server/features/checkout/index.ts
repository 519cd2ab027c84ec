// The checkout feature's face: the form's price on the server, what its order records, the free trial's one-per-buyer rule.
export type { CheckoutContext } from './context';
export { orderColumns } from './order-columns';
export { priceQuote, quoteCheckout, refuseAutoRenewWithoutPayment, type PricedCheckout } from './pricing';
export { checkoutRoutes } from './routes';
export { adminTrialRoutes } from './admin-trial-routes';
export { claimFreeTrial, freeTrialRefusal, type TrialTime } from './trial-claims';
// The owner's daily trial budget, set from the admin (decision 0101).
export { setTrialDailyBudget } from './trial-budget';
