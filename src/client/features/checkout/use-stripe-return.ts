import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { t } from '../../lib/i18n';
import { paymentFailed, type PaymentFailure } from './payment-errors';

/**
 * Stripe sends a buyer who paid with a redirect-based method back to /checkout with the
 * PaymentIntent and its outcome in the query (see stripeReturnUrl). A success finishes the
 * order as an in-page payment would; anything else tells the buyer it did not go through.
 */
export function useStripeReturn(onPaid: (orderId: string, paymentIntentId: string) => Promise<void>, onFailed: (failure: PaymentFailure) => void): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const paymentIntentId = params.get('payment_intent');
    const outcome = params.get('redirect_status');
    const orderId = params.get('order');
    if (handled.current || !paymentIntentId || !outcome || !orderId) return;
    handled.current = true;
    navigate('/checkout', { replace: true });
    // The order finishes on its own, its failures told on the page: nothing here waits for it.
    if (outcome === 'succeeded') void onPaid(orderId, paymentIntentId);
    else onFailed(paymentFailed(t('payment.notCompleted')));
  }, [search, navigate, onPaid, onFailed]);
}
