import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  demoCardSchema,
  demoConfirmResponseSchema,
  paymentIntentIdSchema,
  paymentSuccessRequestSchema,
  paymentSuccessResponseSchema,
  storeConfigSchema,
} from '#contract/checkout';
import { setupIntentIdSchema } from '#contract/subscriptions';
import type { Config } from '#server/config';
import type { DbOrTx } from '#server/db/connect';
import { demoPaymentsFromThisMachine } from '#server/http/demo-payment-guard';
import { badRequest, HttpError, notFound } from '#server/http/errors';
import type { PaymentLog } from '#server/lib/logs';
import { UNKNOWN_DEMO_CARD_MESSAGE, type CardPayments, type PaymentIntentState } from '#server/providers/payments/index';
import type { CryptoPayments } from '../crypto/service';
import { paymentCheckLimit } from '../payment-check-limit';

/** The demo form's 'MM/YY', as the month and year a saved card shows. */
function expiryOf(text: string): { month: number; year: number } {
  const [month, year] = text.split('/').map((part) => Number(part.trim())) as [number, number];
  return { month, year: 2000 + year };
}

export const paymentRoutes: FastifyPluginAsyncZod<{
  db: DbOrTx;
  config: Pick<Config, 'STRIPE_PUBLISHABLE_KEY' | 'DEMO_MODE'>;
  cardPayments: CardPayments;
  /** Only which crypto provider takes payments, for the store's configuration. */
  crypto: Pick<CryptoPayments, 'kind'>;
  /** The card-payment workflow's calls, named here: a feature never imports a workflow. */
  cardPayment: {
    confirmCardPayment(orderId: string, paymentIntentId: string, log: PaymentLog): Promise<{ id: string }>;
    completePaidIntent(intent: PaymentIntentState, log: PaymentLog): Promise<unknown>;
  };
  /** The orders feature's one call here, typed where it is used (decision 0084). */
  orders: { markOrderPaymentFailed(orderId: string, reason: string, payment: { method: 'card'; paymentIntentId: string }): Promise<unknown> };
}> = async (app, { db, config, cardPayments, crypto, cardPayment, orders }) => {
  app.get('/api/config', { schema: { response: { 200: storeConfigSchema } } }, async () => ({
    cardProvider: cardPayments.kind,
    stripePublishableKey: cardPayments.kind === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    cryptoProvider: crypto.kind,
  }));

  app.post(
    '/api/webhook/payment-success',
    {
      schema: { body: paymentSuccessRequestSchema, response: { 200: paymentSuccessResponseSchema } },
      preHandler: paymentCheckLimit(db),
    },
    async (request) => {
      const order = await cardPayment.confirmCardPayment(request.body.orderId, request.body.paymentIntentId, request.log);
      return { orderId: order.id, paymentStatus: 'completed' as const };
    },
  );

  // The demo card network exists only while Stripe is not configured; otherwise these paths are 404.
  if (cardPayments.kind !== 'demo') return;

  app.post(
    '/api/demo/payment-intents/:id/confirm',
    {
      schema: { params: z.object({ id: paymentIntentIdSchema }), body: demoCardSchema, response: { 200: demoConfirmResponseSchema } },
      preHandler: demoPaymentsFromThisMachine(config),
    },
    async (request) => {
      const result = await cardPayments.confirm(request.params.id, request.body.cardNumber, expiryOf(request.body.expiry));
      switch (result.outcome) {
        case 'not_found':
          throw notFound('Payment not found');
        case 'canceled':
          throw badRequest('This payment was canceled');
        case 'refunded':
          throw badRequest('This payment was refunded');
        case 'unknown_card':
          throw badRequest(UNKNOWN_DEMO_CARD_MESSAGE);
        case 'declined':
          // As Stripe's payment_intent.payment_failed would; the buyer may try another card.
          if (result.intent.metadata.orderId) {
            await orders.markOrderPaymentFailed(result.intent.metadata.orderId, result.message, { method: 'card', paymentIntentId: result.intent.id });
          }
          throw new HttpError(402, result.message);
        case 'succeeded':
          // As Stripe's payment_intent.succeeded webhook would: the order completes even if
          // the browser never sends its payment-success notice.
          await cardPayment
            .completePaidIntent(result.intent, request.log)
            .catch((err: unknown) => request.log.warn({ err, paymentIntentId: result.intent.id }, 'demo card paid, order not completed'));
          return { id: result.intent.id, status: 'succeeded' as const };
      }
    },
  );

  // "Update card" in demo mode: the demo network saves the test card, or declines it (decision 0044).
  app.post(
    '/api/demo/setup-intents/:id/confirm',
    {
      schema: { params: z.object({ id: setupIntentIdSchema }), body: demoCardSchema, response: { 200: z.object({ id: z.string(), status: z.literal('succeeded') }) } },
      preHandler: demoPaymentsFromThisMachine(config),
    },
    async (request) => {
      const result = await cardPayments.confirmSetup(request.params.id, request.body.cardNumber, expiryOf(request.body.expiry));
      switch (result.outcome) {
        case 'not_found':
          throw notFound('Card setup not found');
        case 'unknown_card':
          throw badRequest(UNKNOWN_DEMO_CARD_MESSAGE);
        case 'declined':
          throw new HttpError(402, result.message);
        case 'succeeded':
          return { id: result.setupIntent.id, status: 'succeeded' as const };
      }
    },
  );
};
