import { loadStripe } from '@stripe/stripe-js/pure';
import type { Appearance, Stripe } from '@stripe/stripe-js';

/** Stripe.js is loaded once per key, and only by the chunks that take a card (checkout's payment, the account's "Update card"). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) stripeByKey.set(publishableKey, (stripe = loadStripe(publishableKey)));
  return stripe;
}

/** Stripe's Elements in the store's colours. */
export const stripeAppearance: Appearance = {
  theme: 'night',
  variables: { colorPrimary: '#8b5cf6', colorBackground: '#0b1122', colorText: '#e6e9f5', borderRadius: '8px' },
};
