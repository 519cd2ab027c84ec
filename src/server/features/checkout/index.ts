// The checkout feature's face: pricing on the server, the order's record, the free trial's one-per-buyer rule.
export type { CheckoutContext } from './context';
export { checkoutRoutes } from './routes';
export { claimFreeTrial, freeTrialRefusal } from './trial-claims';
