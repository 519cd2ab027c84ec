import { HttpError } from '#server/http/errors';
import type { Cents } from '#domain/money';

/** The payment statuses NOWPayments reports; the demo provider uses the same words. */
export const CRYPTO_PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type CryptoPaymentStatus = (typeof CRYPTO_PAYMENT_STATUSES)[number];

/** USDC on Ethereum (ERC-20), as NOWPayments names it (spec section 9). */
export const PAY_CURRENCY = 'usdc';

export interface CreateCryptoPaymentInput {
  orderId: string;
  /** The order's total as the server computed it, in US cents. */
  priceAmountCents: Cents;
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

/** A payment as the provider knows it now, with what it was created for. */
export interface CryptoPaymentState extends CreatedCryptoPayment {
  orderId: string;
  /** The USD price the payment was created for, in cents; null when not a cents amount. */
  priceAmountCents: Cents | null;
  actuallyPaid?: string;
}

export interface CryptoPaymentProvider {
  readonly kind: 'nowpayments' | 'demo';
  createPayment(input: CreateCryptoPaymentInput): Promise<CreatedCryptoPayment>;
  getPaymentStatus(paymentId: string): Promise<CryptoPaymentState>;
}

/** The provider failed or answered nonsense: a 502 whose message names no secret. */
export class CryptoProviderError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}
