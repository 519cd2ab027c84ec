import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutRequestSchema, checkoutResponseSchema, savedCardConfirmRequestSchema, savedCardPaymentSchema } from '#contract/checkout';
import { unauthorized } from '#server/http/errors';
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

  // A renewal paid with the subscription's saved card in one tap, and its 3-D Secure confirmation (decision 0076).
  app.post(
    '/api/checkout/saved-card',
    { schema: { body: checkoutRequestSchema, response: { 200: savedCardPaymentSchema } }, preHandler: orderAttemptLimit(app.deps.database.db) },
    async (request, reply) => {
      const browserId = browserIdOf(request, reply);
      const customerId = await getSessionCustomerId(request);
      return app.services.savedCardRenewal.pay(request.body, { customerId, browserId, ip: request.ip, log: request.log });
    },
  );
  app.post(
    '/api/checkout/saved-card/confirm',
    { schema: { body: savedCardConfirmRequestSchema, response: { 200: savedCardPaymentSchema } } },
    async (request) => {
      const customerId = await getSessionCustomerId(request);
      if (!customerId) throw unauthorized();
      return app.services.savedCardRenewal.confirm(customerId, request.body.orderId, request.log);
    },
  );
};
