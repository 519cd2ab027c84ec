/** What checkout, payment confirmation and refunds need from a card payment provider (D7, D8). */
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

/**
 * A verified webhook delivery, in the store's words: a payment that succeeded, one that
 * failed, or an event the store does not act on. `id` is the provider's event id.
 */
export type CardPaymentEvent =
  | { id: string; type: 'payment_succeeded'; intent: PaymentIntentState }
  | { id: string; type: 'payment_failed'; intent: PaymentIntentState; failureMessage: string }
  | { id: string; type: 'other' };

/** The webhook's signature is missing, bad or stale: nothing in it can be trusted. */
export class InvalidWebhookError extends Error {}

export interface CardRefund {
  /** The provider's refund id. */
  id: string;
  /** Cents given back. */
  amount: number;
  /** Stripe's refund statuses: pending, succeeded, failed ... */
  status: string;
}

export interface CardPaymentProvider {
  readonly kind: 'stripe' | 'demo';
  createIntent(intent: NewPaymentIntent): Promise<PaymentIntentRef>;
  /** null when the provider has no such PaymentIntent. */
  retrieve(id: string): Promise<PaymentIntentState | null>;
  /** Verifies a webhook delivery against its headers and reads it; throws InvalidWebhookError. */
  parseWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>): CardPaymentEvent;
  /**
   * Gives `amountCents` of the payment back (several refunds may follow until the whole is
   * back). Repeating it with the same key returns the same refund; a payment already
   * refunded in full (by any means) answers its latest refund, never a second.
   */
  refund(paymentIntentId: string, options: { amountCents: number; idempotencyKey: string }): Promise<CardRefund>;
}

export const ORDER_CURRENCY = 'usd';

/** What a customer is told while the card provider fails or does not answer (decision 0016). */
export const CARD_PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider is not responding. Please try again.';
