import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentLog } from '#server/lib/logs';
import type { CardPayments } from '#server/providers/payments/index';

/**
 * POST /api/stripe/webhook, in a plugin of its own: Stripe signs the exact bytes it sent,
 * so this plugin (and only it) keeps JSON bodies raw. Absent (404) with the demo provider.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  cardPayments: Pick<CardPayments, 'kind'>;
  /** The card-payment workflow's webhook call, named here: a feature never imports a workflow. */
  cardPayment: { receiveWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>, log: PaymentLog): Promise<void> };
}> = async (app, { cardPayments, cardPayment }) => {
  if (cardPayments.kind !== 'stripe') return;

  // In place of the store's JSON parser (http/json-bodies.ts), which this plugin inherits.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/stripe/webhook',
    { schema: { body: z.instanceof(Buffer), response: { 200: z.object({ received: z.literal(true) }) } } },
    async (request) => {
      await cardPayment.receiveWebhook(request.body, request.headers, request.log);
      return { received: true as const };
    },
  );
};
