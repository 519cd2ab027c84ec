import { HttpError } from '#server/http/errors';
import type { CurrencyCode } from '#domain/currencies';
import type { Cents } from '#domain/money';

/** USDC on Ethereum (ERC-20), as NOWPayments names it (spec section 9). */
export const PAY_CURRENCY = 'usdc';

export interface CreateCryptoPaymentInput {
  orderId: string;
  /** The order's total as the server computed it, in minor units of `priceCurrency`. */
  priceAmountCents: Cents;
  /** The order's currency, as the store spells it ('EUR'): the invoice is priced in it (decision 0104). USD when absent. */
  priceCurrency?: CurrencyCode;
  ipnCallbackUrl: string;
  description: string;
}

/** What the buyer needs to pay: an amount of a currency sent to an address. */
export interface CreatedCryptoPayment {
  paymentId: string;
  payAmount: string;
  payCurrency: string;
  payAddress: string;
  paymentStatus: string;
}

/**
 * What a payment's status means for its order, in the store's words (decision 0004): only
 * 'paid' completes it; 'partially_paid' holds it for review; 'unpayable' (failed, expired)
 * fails it; 'no_change' is every status the order does not act on (waiting, confirming ...).
 */
export type CryptoPaymentOutcome = 'paid' | 'partially_paid' | 'unpayable' | 'no_change';

/** A payment as the provider knows it now, with what it was created for. */
export interface CryptoPaymentState extends CreatedCryptoPayment {
  orderId: string;
  /** The price the payment was created for, in minor units; null when not a cents amount. */
  priceAmountCents: Cents | null;
  /** The currency of that price, upper-cased ('EUR'); absent when the provider's record does not say. */
  priceCurrency?: string;
  actuallyPaid?: string;
  /** What `paymentStatus`, the provider's own word, means for the order. */
  outcome: CryptoPaymentOutcome;
}

/**
 * A verified notice about a payment, in the store's words. `id` names this payment in this
 * status, so that a repeated notice is known (the store handles each once).
 */
export interface CryptoPaymentNotice {
  id: string;
  payment: CryptoPaymentState;
}

/** The notice's signature is missing or wrong, or its body is no notice: nothing in it can be trusted. */
export class InvalidNoticeError extends Error {}

/** This store takes no notices from this provider: no notice secret is configured. */
export class NoticesNotAcceptedError extends Error {}

/** An invoice: a page of the provider's where the buyer chooses how to pay, opened for a crypto renewal (decision 0046). */
export interface CreatedCryptoInvoice {
  invoiceId: string;
  /** The provider's payment page; null when the store shows the payment itself (the demo). */
  invoiceUrl: string | null;
  /** The payment the invoice is paid by, when known now (the demo); NOWPayments makes it when the buyer pays. */
  paymentId: string | null;
}

export interface CryptoPaymentProvider {
  readonly kind: 'nowpayments' | 'demo';
  createPayment(input: CreateCryptoPaymentInput): Promise<CreatedCryptoPayment>;
  /** Opens an invoice for an order (a crypto renewal); its payment's notices carry the order's id. */
  createInvoice(input: CreateCryptoPaymentInput & { successUrl: string }): Promise<CreatedCryptoInvoice>;
  getPaymentStatus(paymentId: string): Promise<CryptoPaymentState>;
  /** Verifies a notice (its parsed JSON body) against its headers and reads it; throws InvalidNoticeError or NoticesNotAcceptedError. */
  parseNotice(raw: unknown, headers: Record<string, string | string[] | undefined>): CryptoPaymentNotice;
}

/** The provider failed or answered nonsense: a 502 whose message names no secret. */
export class CryptoProviderError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}
