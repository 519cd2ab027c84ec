import { formatMessage } from './format-message';
import { t } from './i18n';
import type { Stripe } from '@stripe/stripe-js';
import { stripeFor } from './stripe';

/**
 * The bank's 3-D Secure challenge for a renewal's PaymentIntent charged to the saved card (an
 * automatic renewal's confirmation page, a renewal paid in one tap at checkout), in Stripe's
 * own window: loaded only when the customer confirms, never with the page. The card is the one
 * saved for the renewal, already on the PaymentIntent. Resolves with Stripe's message when it
 * was not confirmed, null when it was; the store's own sentences in the page's language, from the
 * payment area, which checkout and the renewal's confirmation page both load (decision 0115).
 */
export async function confirmWithStripe(publishableKey: string, clientSecret: string, loadStripe: (key: string) => Promise<Pick<Stripe, 'confirmCardPayment'> | null> = stripeFor): Promise<string | null> {
  const stripe = await loadStripe(publishableKey);
  if (!stripe) return t('payment.stripe.notLoaded');
  const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret);
  if (error) return error.message ?? t('payment.stripe.notConfirmed');
  return paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing' ? null : formatMessage('payment.stripe.state', { state: paymentIntent.status.replaceAll('_', ' ') });
}
