// The payments feature's face: card and crypto payments, confirmed with their provider (D8), each notice handled once.
export { createPayments, type Payments } from './card/service';
export { paymentRoutes } from './card/routes';
export { stripeWebhookRoutes } from './card/stripe-webhook-routes';
export { createCryptoPayments, type CryptoPayments } from './crypto/service';
export { cryptoRoutes } from './crypto/routes';
export { cardProviderCustomerFor, findSavedCard, knownCardProviderCustomer, moveCustomerCards, recordSavedCard, savedCardSummaries, type SavedCard } from './saved-cards';
