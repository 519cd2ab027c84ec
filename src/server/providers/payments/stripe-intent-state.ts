import type Stripe from 'stripe';
import type { PaymentIntentState } from './card-payment-provider';

/** Stripe's PaymentIntent in the store's words. */
export function toState(intent: Stripe.PaymentIntent): PaymentIntentState {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: { orderId: intent.metadata?.orderId ?? null },
    // Only an expanded latest_charge (retrieve asks for it) carries the card's fingerprint.
    cardFingerprint: (typeof intent.latest_charge === 'object' ? intent.latest_charge?.payment_method_details?.card?.fingerprint : null) ?? null,
    chargeId: (typeof intent.latest_charge === 'object' ? intent.latest_charge?.id : intent.latest_charge) ?? null,
  };
}
