import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * POST /api/stripe/webhook, in a plugin of its own: Stripe signs the exact bytes it sent,
 * so this plugin (and only it) keeps JSON bodies raw. Absent (404) with the demo provider.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cardPayments, cardPayment } = app.services;
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
