import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { money } from '#domain/currencies';
import { Button } from '../../components/ui/button';
import { formatMessage } from '../../lib/format-message';
import { pageBase, pageLocale, t } from '../../lib/i18n';
import { stripeAppearance, stripeFor } from '../../lib/stripe';
import { amountText } from '../../lib/price-text';
import type { CardPaymentProps } from './card-payment-props';
import { paymentError, paymentFailed, type PaymentFailure } from './payment-errors';
import { PaymentFailureNote } from './PaymentFailureNote';

/** Where Stripe sends the buyer back after a redirect-based payment method; see useStripeReturn. */
function stripeReturnUrl(orderId: string): string {
  return `${window.location.origin}${pageBase()}/checkout?${new URLSearchParams({ order: orderId })}`;
}

function PaymentForm({ orderId, total, currency, onPaid, onFailed }: Omit<CardPaymentProps, 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (failed: PaymentFailure) => {
    setFailure(failed.description);
    onFailed(failed);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || pending) return;
    setPending(true);
    setFailure(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: stripeReturnUrl(orderId) },
      });
      if (error) {
        // A refused card or incomplete details: Stripe's own message for the buyer.
        if (error.type === 'card_error' || error.type === 'validation_error') fail(paymentFailed(error.message ?? t('payment.declined')));
        else fail(paymentError(error.message));
      } else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        await onPaid(paymentIntent.id);
      } else {
        fail(paymentError(formatMessage('payment.intentStatus', { status: paymentIntent.status.replaceAll('_', ' ') })));
      }
    } catch (error) {
      fail(paymentError(error instanceof Error ? error.message : null));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={(event) => void pay(event)} aria-label={t('payment.card.form')}>
      <PaymentElement options={{ layout: 'tabs' }} />
      <PaymentFailureNote message={failure} />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || pending}>
        <Lock aria-hidden="true" />
        {pending ? t('payment.processing') : formatMessage('payment.pay', { amount: amountText(money(total, currency)) })}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element for the order's PaymentIntent (decision 0010), its own words in the page's language. */
export default function StripeCardForm({ publishableKey, clientSecret, ...props }: CardPaymentProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: stripeAppearance, locale: pageLocale() }}>
      <PaymentForm {...props} />
    </Elements>
  );
}
