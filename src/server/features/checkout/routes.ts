import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRequestSchema, checkoutResponseSchema } from '#contract/checkout';
import { getSessionCustomerId } from '#server/http/sessions';
import { toOrderSummary } from '#server/features/orders/index';
import { browserIdOf } from '#server/http/browser-id';
import { orderAttemptLimit } from './order-limit';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/checkout',
    { schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } }, preHandler: orderAttemptLimit(app.deps.database.db) },
    async (request, reply) => {
      const browserId = browserIdOf(request, reply);
      const customerId = await getSessionCustomerId(request);
      const placed = await app.services.placeOrder.placeOrder(request.body, { customerId, browserId, ip: request.ip, log: request.log });
      return {
        isFreeOrder: placed.isFreeOrder,
        needsPasswordSetup: placed.needsPasswordSetup,
        order: toOrderSummary(placed.order),
        clientSecret: placed.clientSecret,
      };
    },
  );
};
