import type { CryptoPaymentOutcome, CryptoPaymentState } from './crypto-provider';

/** The payment statuses NOWPayments reports; the demo provider uses the same words. */
const CRYPTO_PAYMENT_STATUSES = ['waiting', 'confirming', 'confirmed', 'sending', 'partially_paid', 'finished', 'failed', 'refunded', 'expired'] as const;
type CryptoPaymentStatus = (typeof CRYPTO_PAYMENT_STATUSES)[number];

/** What each word means for the order (decision 0004); a refund made at the provider changes nothing here. */
const OUTCOMES: Record<CryptoPaymentStatus, CryptoPaymentOutcome> = {
  waiting: 'no_change',
  confirming: 'no_change',
  confirmed: 'no_change',
  sending: 'no_change',
  partially_paid: 'partially_paid',
  finished: 'paid',
  failed: 'unpayable',
  refunded: 'no_change',
  expired: 'unpayable',
};

const isKnownStatus = (status: string): status is CryptoPaymentStatus => (CRYPTO_PAYMENT_STATUSES as readonly string[]).includes(status);

/** A word this store does not know changes nothing. */
export function outcomeOf(status: string): CryptoPaymentOutcome {
  return isKnownStatus(status) ? OUTCOMES[status] : 'no_change';
}

/** The notice of one payment in one status: a repeat of it has the same id. */
export function noticeOf(kind: string, payment: CryptoPaymentState) {
  return { id: `${kind}:${payment.paymentId}:${payment.paymentStatus}`, payment };
}
