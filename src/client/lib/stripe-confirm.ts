import { stripeFor } from './stripe';

/**
 * The bank's 3-D Secure challenge for a renewal's PaymentIntent charged to the saved card (an
 * automatic renewal's confirmation page, a renewal paid in one tap at checkout), in Stripe's
 * own window: loaded only when the customer confirms, never with the page. The card is the one
 * saved for the renewal, already on the PaymentIntent. Resolves with Stripe's message when it
 * was not confirmed, null when it was.
 */
export async function confirmWithStripe(publishableKey: string, clientSecret: string): Promise<string | null> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return 'Stripe could not be loaded. Please try again.';
  const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret);
  if (error) return error.message ?? 'Your bank did not confirm the payment.';
  return paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing' ? null : `The payment is ${paymentIntent.status.replaceAll('_', ' ')}.`;
}
