import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '#contract/errors';
import {
  subscriptionIdParamsSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '#contract/subscriptions';
import type { Sessions } from '#server/http/sessions';
import type { Subscriptions } from './service';

/** The session customer's subscriptions, and the streaming box activation. */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  subscriptions: Pick<Subscriptions, 'listForCustomer' | 'activateForCustomer'>;
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { subscriptions, sessions: { requireCustomerId } }) => {
  app.get(
    '/api/subscriptions',
    { schema: { querystring: subscriptionListQuerySchema, response: { 200: subscriptionListSchema, 401: errorBodySchema } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      // Polled every 5 s by the account page: never served from any cache.
      reply.header('cache-control', 'no-store');
      return subscriptions.listForCustomer(customerId);
    },
  );

  app.post(
    '/api/subscriptions/:id/activate',
    {
      schema: {
        params: subscriptionIdParamsSchema,
        response: { 200: subscriptionSchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      reply.header('cache-control', 'no-store');
      return subscriptions.activateForCustomer(customerId, request.params.id);
    },
  );
};
