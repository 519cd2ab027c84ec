import type { Cents } from '#domain/money';

/** What both card forms (Stripe's Payment Element and the demo form) are given. */
export interface CardPaymentProps {
  orderId: string;
  clientSecret: string;
  total: Cents;
  /** Called once the provider confirmed the payment. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}
