// The checkout feature's face: pricing on the server, the order's record, the free trial's one-per-buyer rule.
export { createCheckout, type Checkout, type CheckoutContext } from './service';
export { checkoutRoutes } from './routes';
export { freeTrialRefusal } from './trial-claims';
