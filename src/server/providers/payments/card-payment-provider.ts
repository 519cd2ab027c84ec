import type { CurrencyCode } from '#domain/currencies';

/** What checkout, payment confirmation and refunds need from a card payment provider (D7, D8). */
export interface NewPaymentIntent {
  orderId: string;
  /** The server's total for the order, in cents. */
  amountCents: number;
  /** The order's ISO code ('EUR' or 'eur'); the provider writes it as its wire wants (decision 0104). */
  currency: string;
  /** Repeating a call with the same key returns the same PaymentIntent, never a second one. */
  idempotencyKey: string;
  /**
   * The provider customer (customerRef) to keep the paying card for, to be charged later
   * with the customer absent (Stripe's `customer` and `setup_future_usage: 'off_session'`).
   */
  saveCardFor?: string;
  /**
   * Who pays, for the provider's fraud screening (Stripe Radar, decision 0100): absent on an
   * order the store places itself.
   */
  buyer?: { email: string; ipAddress: string | null; userAgent: string | null };
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
  /**
   * The card that paid, as the provider fingerprints it (the same card number, the same
   * fingerprint): for the blocklist (decision 0099). Null before a card paid, or when the
   * record at hand does not carry it (a webhook's payload; retrieve says).
   */
  cardFingerprint: string | null;
  /** The charge that paid it (Stripe's ch_...), when the record at hand names it: a dispute's prior payments cite charges. */
  chargeId?: string | null;
}

/**
 * A dispute of a card payment as the provider reports it (decision 0100). `status` is
 * Stripe's: warning_needs_response, warning_under_review, warning_closed, needs_response,
 * under_review, won, lost.
 */
export interface ProviderDispute {
  id: string;
  /** The disputed payment; null for a charge made outside PaymentIntents (never the store's). */
  paymentIntentId: string | null;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The provider's dispute fee in minor units of `currency`, once it withdrew the funds; 0 before. */
  fee: number;
  reason: string;
  status: string;
  /** When evidence is due; null when the bank takes no response. */
  dueBy: Date | null;
}

export const DISPUTE_EVENT_KINDS = ['created', 'updated', 'closed', 'funds_withdrawn'] as const;

/** An early fraud warning (Radar's): the issuer says the card's owner may dispute a payment. */
export interface EarlyFraudWarning {
  id: string;
  paymentIntentId: string | null;
  fraudType: string;
}

/** What the store answers a dispute with (decision 0100), in the words of Stripe's dispute evidence. */
export interface DisputeEvidenceSubmission {
  customerEmailAddress: string;
  customerName: string;
  customerPurchaseIp: string | null;
  /** The checkout's browser and time, the credentials email, the panel's use of the lines: what shows the buyer used the service. */
  accessActivityLog: string;
  refundPolicy: string | null;
  refundPolicyDisclosure: string;
  serviceDate: string;
  productDescription: string;
  /** The account's history and the owner's note. */
  uncategorizedText: string;
  /** Earlier undisputed payments by the same card and customer (Visa Compelling Evidence 3.0), each by its charge. */
  priorUndisputedCharges: Array<{ chargeId: string; customerEmailAddress: string; customerPurchaseIp: string | null }>;
}

/**
 * A verified webhook delivery, in the store's words: a payment that succeeded, one that
 * failed, or an event the store does not act on. `id` is the provider's event id.
 */
export type CardPaymentEvent =
  | { id: string; type: 'payment_succeeded'; intent: PaymentIntentState }
  | { id: string; type: 'payment_failed'; intent: PaymentIntentState; failureMessage: string }
  | { id: string; type: 'dispute'; change: (typeof DISPUTE_EVENT_KINDS)[number]; dispute: ProviderDispute }
  | { id: string; type: 'early_fraud_warning'; warning: EarlyFraudWarning }
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

/** A card as a person recognises it: Stripe's lower-case brand ('visa'), the last four digits and the expiry. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A card the provider keeps for one of its customers, usable with the customer absent. */
export interface ProviderSavedCard extends CardSummary {
  /** The provider's customer: Stripe's cus_..., the demo's cus_demo_... */
  customerRef: string;
  /** The provider's payment method: pm_... */
  paymentMethodRef: string;
  /** The card number's fingerprint (Stripe's card.fingerprint, the demo's hash), for the blocklist before an off-session charge (decision 0101); null when not told. */
  fingerprint: string | null;
}

/** A card saved without a payment ("Update card"): Stripe's SetupIntent. */
export interface SetupIntentRef {
  id: string;
  clientSecret: string;
}

export interface SetupIntentState {
  id: string;
  /** Stripe's statuses: requires_payment_method, requires_action, succeeded, canceled ... */
  status: string;
  customerRef: string | null;
  /** The card it saved, once it succeeded. */
  card: ProviderSavedCard | null;
}

/** A charge of a saved card with its owner absent: a renewal (decision 0044). */
export interface OffSessionCharge {
  orderId: string;
  amountCents: number;
  /** The order's ISO code, in any case, as NewPaymentIntent's. */
  currency: string;
  customerRef: string;
  paymentMethodRef: string;
  idempotencyKey: string;
}

export type OffSessionResult =
  | { outcome: 'succeeded'; intent: PaymentIntentState }
  /** code: 'insufficient_funds' | 'card_declined' | 'expired_card' ... (Stripe's decline code, else its error code). */
  | { outcome: 'declined'; intent: PaymentIntentState | null; code: string; message: string }
  /** The bank wants its customer (3-D Secure): the intent's client secret lets them confirm it on session. */
  | { outcome: 'authentication_required'; intent: PaymentIntentState; clientSecret: string };

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
  /** Charges a saved card with the customer absent (a renewal). Same key => same PaymentIntent, never a second charge. A provider that is down or times out throws. */
  chargeOffSession(input: OffSessionCharge): Promise<OffSessionResult>;
  /** The provider's customer for one of the store's; the same key finds the same customer. Returns its customerRef. */
  createCustomer(input: { email: string; name: string; idempotencyKey: string }): Promise<string>;
  /** The card a paid PaymentIntent kept for its customer (saveCardFor); null when it kept none, or there is no such intent. */
  savedCardOf(paymentIntentId: string): Promise<ProviderSavedCard | null>;
  /** Opens the saving of a card for the customer, to be charged off session; the browser confirms it. */
  createSetupIntent(input: { customerRef: string; idempotencyKey: string }): Promise<SetupIntentRef>;
  /** null when the provider has no such SetupIntent. */
  retrieveSetupIntent(id: string): Promise<SetupIntentState | null>;
  /** Sends the store's evidence for a dispute and submits it to the bank at once (Stripe's disputes.update with submit: true). */
  submitDisputeEvidence(disputeId: string, evidence: DisputeEvidenceSubmission): Promise<void>;
}

/**
 * Whether the provider's record is in the order's currency (decision 0104): the providers
 * spell codes their own way (Stripe 'eur'), the store 'EUR'.
 */
export function isInCurrency(intent: Pick<PaymentIntentState, 'currency'>, currency: CurrencyCode): boolean {
  return intent.currency.toUpperCase() === currency;
}

/** A currency code as Stripe's API, and the demo provider in its likeness, write it: 'eur'. */
export function wireCurrency(currency: string): string {
  return currency.toLowerCase();
}

/** What a customer is told while the card provider fails or does not answer (decision 0016). */
export const CARD_PROVIDER_UNAVAILABLE_MESSAGE = 'The payment provider is not responding. Please try again.';
