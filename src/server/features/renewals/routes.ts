import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAutoRenewingListSchema,
  adminRenewalActionSchema,
  adminRenewalOverviewSchema,
  renewalIdParamsSchema,
  renewalSubscriptionParamsSchema,
} from '#contract/admin-renewals';
import { TOTAL_COUNT_HEADER, adminListQuerySchema } from '#contract/admin';
import { adminRenewalPaths } from '#contract/admin-renewal-paths';
import { errorBodySchema } from '#contract/errors';
import { renewalConfirmationSchema, renewalConfirmRequestSchema, renewalParamsSchema, renewalQuerySchema } from '#contract/renewals';
import type { AuditActor } from '#server/features/audit/index';
import { sendRevalidated } from '#server/http/etag';
import { getSessionCustomerId } from '#server/http/sessions';

/** Answers about one person's payment are never kept by a browser or proxy cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

/**
 * The confirmation page of a renewal charge the bank wants confirmed (3-D Secure): its owner
 * signed in, or anyone holding the emailed link's token; anyone else meets a 404.
 */
export const renewalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { renewalConfirmation } = app.services;
  const accessOf = async (request: FastifyRequest, token: string | undefined) => ({ customerId: await getSessionCustomerId(request), token });

  app.get(
    '/api/renewals/:id',
    { schema: { params: renewalParamsSchema, querystring: renewalQuerySchema, response: { 200: renewalConfirmationSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await renewalConfirmation.confirmation(request.params.id, await accessOf(request, request.query.token))),
  );

  app.post(
    '/api/renewals/:id/confirm',
    { schema: { params: renewalParamsSchema, body: renewalConfirmRequestSchema, response: { 200: renewalConfirmationSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await renewalConfirmation.confirm(request.params.id, await accessOf(request, request.body?.token), request.log)),
  );
};

/**
 * The admin's Renewals section (decision 0045), registered inside the admin scope, whose
 * hook refuses a request without an admin session; every action names its admin in the audit log.
 */
export function adminRenewalRoutes(actingAdmin: (request: FastifyRequest) => Promise<AuditActor>): FastifyPluginAsyncZod {
  return async (app) => {
    const { reports, renewalAdmin, clock } = app.services;

    app.get(adminRenewalPaths.overview, { schema: { response: { 200: adminRenewalOverviewSchema, ...failures } } }, async (request, reply) =>
      sendRevalidated(request, reply, await reports.renewalOverview(clock.now())),
    );

    app.get(
      adminRenewalPaths.subscriptions,
      { schema: { querystring: adminListQuerySchema, response: { 200: adminAutoRenewingListSchema, ...failures } } },
      async (request, reply) => {
        const page = await reports.autoRenewingSubscriptions(request.query);
        reply.header(TOTAL_COUNT_HEADER, page.total);
        return sendRevalidated(request, reply, page.items);
      },
    );

    app.post(
      '/api/admin/renewals/:renewalId/retry',
      { schema: { params: renewalIdParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await renewalAdmin.retry(request.params.renewalId, await actingAdmin(request))),
    );

    app.post(
      '/api/admin/renewals/:renewalId/dismiss',
      { schema: { params: renewalIdParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await renewalAdmin.dismiss(request.params.renewalId, await actingAdmin(request))),
    );

    app.post(
      '/api/admin/renewals/subscriptions/:subscriptionId/cancel-auto-renew',
      { schema: { params: renewalSubscriptionParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
      async (request, reply) => noStore(reply).send(await renewalAdmin.cancelAutoRenew(request.params.subscriptionId, await actingAdmin(request))),
    );
  };
}
