import type { CurrencyCode } from '#domain/currencies';
import type { Cents } from '#domain/money';
import type { PaymentFailure } from './payment-errors';

/** What both card forms (Stripe's Payment Element and the demo form) are given. */
export interface CardPaymentProps {
  orderId: string;
  clientSecret: string;
  total: Cents;
  /** The currency of `total`, the order's (decision 0104): the Pay button names it. */
  currency: CurrencyCode;
  /** Called once the provider confirmed the payment. */
  onPaid: (paymentIntentId: string) => Promise<void>;
  /** Called when an attempt failed; the form shows the failure beside its fields too. */
  onFailed: (failure: PaymentFailure) => void;
}
