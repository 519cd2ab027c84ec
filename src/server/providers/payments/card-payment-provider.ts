/** What checkout and payment confirmation need from a card payment provider (D7, D8). */
export interface NewPaymentIntent {
  orderId: string;
  /** The server's total for the order, in cents. */
  amountCents: number;
  /** Lower-case ISO code, as Stripe spells it: 'usd'. */
  currency: string;
  /** Repeating a call with the same key returns the same PaymentIntent, never a second one. */
  idempotencyKey: string;
}

export interface PaymentIntentRef {
  id: string;
  /** Given to the browser to enter the card; '<id>_secret_<random>'. */
  clientSecret: string;
}

/** The provider's own record of a payment: the only thing that says money moved. */
export interface PaymentIntentState {
  id: string;
  /** Stripe's statuses: requires_payment_method, processing, succeeded, canceled ... */
  status: string;
  amount: number;
  currency: string;
  metadata: { orderId: string | null };
}

export interface CardPaymentProvider {
  readonly kind: 'stripe' | 'demo';
  createPaymentIntent(intent: NewPaymentIntent): Promise<PaymentIntentRef>;
  /** null when the provider has no such PaymentIntent. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentState | null>;
}

export const ORDER_CURRENCY = 'usd';

/** What a customer is told while the card provider fails or does not answer (decision 0016). */
export const CARD_PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider is not responding. Please try again.';
