import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderParamsSchema } from '#contract/admin-orders';
import { paymentIntentIdSchema } from '#contract/checkout';
import {
  demoBankResponseSchema,
  demoDisputeCloseRequestSchema,
  demoDisputeRequestSchema,
  disputeSubmitRequestSchema,
  disputeSubmitResponseSchema,
  type DisputeSubmitResponse,
} from '#contract/disputes';
import { errorBodySchema } from '#contract/errors';
import type { AuditActor } from '#domain/actors';
import type { Config } from '#server/config';
import { demoPaymentsFromThisMachine } from '#server/http/demo-payment-guard';
import { badRequest, notFound } from '#server/http/errors';
import { noStore } from '#server/http/no-store';
import { allow } from '#server/http/staff-access';
import type { PaymentLog } from '#server/lib/logs';
import type { CardPaymentEvent, CardPayments, DemoDisputeResult } from '#server/providers/payments/index';

type BankEvent = Extract<CardPaymentEvent, { type: 'dispute' | 'early_fraud_warning' }>;
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

/** POST /api/admin/orders/:orderId/dispute/submit (decision 0100): what is said to the bank is the owner's call (decision 0098). */
export const adminDisputeRoutes: FastifyPluginAsyncZod<{
  /** The disputes workflow's call, named here: a feature never imports a workflow. */
  disputes: { submitEvidence(orderId: string, note: string | null, actor: AuditActor, log: PaymentLog): Promise<DisputeSubmitResponse> };
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}> = async (app, { disputes, actingAdmin }) => {
  app.post(
    '/api/admin/orders/:orderId/dispute/submit',
    { config: allow('owner'), schema: { params: adminOrderParamsSchema, body: disputeSubmitRequestSchema.nullish(), response: { 200: disputeSubmitResponseSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await disputes.submitEvidence(request.params.orderId, request.body?.note ?? null, await actingAdmin(request), request.log)),
  );
};

/**
 * The demo bank (decision 0100), beside the demo card network: a tester opens a dispute of a
 * paid demo intent, closes it won or lost, or sends an early fraud warning, and the store is
 * told as Stripe's webhook would tell it. Absent (404) with Stripe.
 */
export const demoBankRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'DEMO_MODE'>;
  cardPayments: CardPayments;
  disputes: { receiveEvent(event: BankEvent, log: PaymentLog): Promise<void> };
}> = async (app, { config, cardPayments, disputes }) => {
  if (cardPayments.kind !== 'demo') return;
  const params = z.object({ id: paymentIntentIdSchema });
  const schema = { params, response: { 200: demoBankResponseSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema } };
  const preHandler = demoPaymentsFromThisMachine(config);

  async function tell(result: DemoDisputeResult, log: PaymentLog) {
    switch (result.outcome) {
      case 'not_found':
        throw notFound('Payment not found');
      case 'not_paid':
        throw badRequest('Only a paid payment can be disputed');
      case 'no_dispute':
        throw badRequest('This payment has no dispute to close');
      case 'event':
        await disputes.receiveEvent(result.event, log);
        return { received: true as const };
    }
  }

  app.post('/api/demo/payment-intents/:id/dispute', { schema: { ...schema, body: demoDisputeRequestSchema.nullish() }, preHandler }, async (request) =>
    tell(await cardPayments.openDispute(request.params.id, request.body?.reason ?? 'fraudulent'), request.log),
  );
  app.post('/api/demo/payment-intents/:id/dispute/close', { schema: { ...schema, body: demoDisputeCloseRequestSchema }, preHandler }, async (request) =>
    tell(await cardPayments.closeDispute(request.params.id, request.body.outcome), request.log),
  );
  app.post('/api/demo/payment-intents/:id/early-fraud-warning', { schema, preHandler }, async (request) =>
    tell(await cardPayments.earlyFraudWarning(request.params.id), request.log),
  );
};
