// Stripe.js for the card forms (checkout's payment, the account's "Update card", a renewal's 3-D Secure): a feature of its own so that only their lazy chunks load it.
export { stripeAppearance, stripeFor } from './stripe';
export { confirmWithStripe } from './stripe-confirm';
