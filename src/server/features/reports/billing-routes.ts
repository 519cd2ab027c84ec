import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingHistorySchema, RECEIPT_NOT_FOUND, receiptParamsSchema, receiptSchema } from '#contract/billing';
import { errorBodySchema } from '#contract/errors';
import { notFound } from '#server/http/errors';
import type { Sessions } from '#server/http/sessions';
import type { Reports } from './service';

/**
 * The account's billing history and receipts: the signed-in customer's own payments only; a
 * guest gets 401 as on the account's other calls. Answers about one person are never kept by
 * a browser or proxy cache.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  reports: Pick<Reports, 'billingHistory' | 'billingReceipt'>;
  sessions: Pick<Sessions, 'requireCustomerId'>;
}> = async (app, { reports, sessions: { requireCustomerId } }) => {
  app.get('/api/account/billing', { schema: { response: { 200: billingHistorySchema, 401: errorBodySchema } } }, async (request, reply) => {
    const customerId = await requireCustomerId(request);
    return reply.header('cache-control', 'no-store').send(await reports.billingHistory(customerId));
  });

  app.get(
    '/api/account/billing/:orderId',
    { schema: { params: receiptParamsSchema, response: { 200: receiptSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const customerId = await requireCustomerId(request);
      // Another customer's order answers as a missing one: whether it exists stays theirs.
      const receipt = await reports.billingReceipt(customerId, request.params.orderId);
      if (!receipt) throw notFound(RECEIPT_NOT_FOUND);
      return reply.header('cache-control', 'no-store').send(receipt);
    },
  );
};
