import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import {
  autoRenewRequestSchema,
  type CardSetupResponse,
  cardSetupResponseSchema,
  subscriptionIdParamsSchema,
  subscriptionSchema,
  updateCardRequestSchema,
  type Subscription,
} from '#contract/subscriptions';
import type { Sessions } from '#server/http/sessions';

const refusals = { 400: errorBodySchema, 401: errorBodySchema, 402: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

/**
 * Automatic renewal on the account page (decision 0044): on or off, and "Update card". Each is
 * the signed-in customer's own subscription only (404 otherwise); the saved-cards workflow
 * joins the subscription to the card the payments feature keeps.
 */
export const autoRenewRoutes: FastifyPluginAsyncZod<{
  /** The saved-cards workflow's calls, named here: a feature never imports a workflow. */
  savedCards: {
    setAutoRenew(customerId: string, subscriptionId: string, enabled: boolean): Promise<Subscription>;
    openCardSetup(customerId: string, subscriptionId: string): Promise<CardSetupResponse>;
    useSetupCard(customerId: string, subscriptionId: string, setupIntentId: string): Promise<Subscription>;
  };
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { savedCards, sessions: { requireCustomerId } }) => {
  app.patch(
    '/api/subscriptions/:id/auto-renew',
    { schema: { params: subscriptionIdParamsSchema, body: autoRenewRequestSchema, response: { 200: subscriptionSchema, ...refusals } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      reply.header('cache-control', 'no-store');
      return savedCards.setAutoRenew(customerId, request.params.id, request.body.enabled);
    },
  );

  app.post(
    '/api/subscriptions/:id/card-setup',
    { schema: { params: subscriptionIdParamsSchema, response: { 200: cardSetupResponseSchema, ...refusals } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      reply.header('cache-control', 'no-store');
      return savedCards.openCardSetup(customerId, request.params.id);
    },
  );

  app.post(
    '/api/subscriptions/:id/card',
    { schema: { params: subscriptionIdParamsSchema, body: updateCardRequestSchema, response: { 200: subscriptionSchema, ...refusals } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      reply.header('cache-control', 'no-store');
      return savedCards.useSetupCard(customerId, request.params.id, request.body.setupIntentId);
    },
  );
};
