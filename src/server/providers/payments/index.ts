import type { Config } from '#server/config';
import type { Db } from '#server/db/connect';
import { createDemoCardPayments, type DemoCardPayments } from './demo-card-payments';
import { createStripeCardPayments, type StripeCardPayments } from './stripe-card-payments';

export type { CardPaymentEvent, CardPaymentProvider, CardRefund, DisputeEvidenceSubmission, EarlyFraudWarning, PaymentIntentState, ProviderDispute, ProviderSavedCard } from './card-payment-provider';
export { CARD_PROVIDER_UNAVAILABLE_MESSAGE, InvalidWebhookError, isInCurrency } from './card-payment-provider';
export { UNKNOWN_DEMO_CARD_MESSAGE, type DemoCardPayments } from './demo-card-payments';
export type { DemoDisputeResult } from './demo-disputes';
export type { StripeCardPayments } from './stripe-card-payments';

export type CardPayments = StripeCardPayments | DemoCardPayments;

/** Stripe when its three settings are present, the demo provider otherwise (D7). */
export function selectCardPaymentProvider(config: Config, db: Db): CardPayments {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = config;
  if (STRIPE_SECRET_KEY && STRIPE_PUBLISHABLE_KEY && STRIPE_WEBHOOK_SECRET) {
    return createStripeCardPayments({ secretKey: STRIPE_SECRET_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET });
  }
  return createDemoCardPayments(db);
}
