import { ApiError, messageOr } from '../../lib/api';
import { t } from '../../lib/i18n';

/** What the buyer is told when a payment did not go through (spec section 8): a toast's title and text, in the page's language. */
export interface PaymentFailure {
  title: string;
  description: string;
}

/** The card was refused: the payment provider's own message. */
export function paymentFailed(message: string): PaymentFailure {
  return { title: t('payment.failed.title'), description: message };
}

export function paymentError(message?: string | null): PaymentFailure {
  return { title: t('payment.error.title'), description: message || t('payment.unexpected') };
}

/**
 * A failed demo confirmation: the demo card network answers 402 for a declined card and
 * 400 for a card it does not know, both the provider's word on the card; anything else
 * is an error of the payment itself.
 */
export function demoConfirmFailure(error: unknown): PaymentFailure {
  if (!(error instanceof ApiError)) return paymentError(null);
  if (error.status === 402 || error.status === 400) return paymentFailed(messageOr(error, t('payment.declined')));
  return paymentError(messageOr(error, t('payment.unexpected')));
}
