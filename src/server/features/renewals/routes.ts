import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAutoRenewingListSchema,
  type AdminAutoRenewingSubscription,
  adminRenewalActionSchema,
  adminRenewalOverviewSchema,
  type AdminRenewalOverview,
  renewalIdParamsSchema,
  renewalSubscriptionParamsSchema,
} from '#contract/admin-renewals';
import { TOTAL_COUNT_HEADER, adminListQuerySchema } from '#contract/admin';
import { adminRenewalPaths } from '#contract/admin-renewal-paths';
import { errorBodySchema } from '#contract/errors';
import { renewalConfirmationSchema, renewalConfirmRequestSchema, renewalParamsSchema, renewalQuerySchema, type RenewalConfirmation } from '#contract/renewals';
import type { AuditActor } from '#domain/actors';
import { sendRevalidated } from '#server/http/etag';
import { allow } from '#server/http/staff-access';
import type { Clock } from '#server/lib/clock';
import type { Sessions } from '#server/http/sessions';
import { noStore } from '#server/http/no-store';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 502: errorBodySchema };

/** Who opens a charge's confirmation page: its signed-in owner, or the emailed link's token. */
type ConfirmationAccess = { customerId: string | null; token: string | undefined };

/**
 * The confirmation page of a renewal charge the bank wants confirmed (3-D Secure): its owner
 * signed in, or anyone holding the emailed link's token; anyone else meets a 404.
 */
export const renewalRoutes: FastifyPluginAsyncZod<{
  /** The renewal-confirmation workflow's calls, named here: a feature never imports a workflow. */
  renewalConfirmation: {
    confirmation(id: string, access: ConfirmationAccess): Promise<RenewalConfirmation>;
    confirm(id: string, access: ConfirmationAccess, log: FastifyBaseLogger): Promise<RenewalConfirmation>;
  };
  sessions: Pick<Sessions, 'getSessionCustomerId'>;
}> = async (app, { renewalConfirmation, sessions: { getSessionCustomerId } }) => {
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

export interface AdminRenewalRouteOptions {
  /** The reports feature's renewal lists (it reads this feature's tables, so this feature names them). */
  reports: {
    renewalOverview(now: Date): Promise<AdminRenewalOverview>;
    autoRenewingSubscriptions(query: { limit: number; offset: number; q?: string | undefined }): Promise<{ items: AdminAutoRenewingSubscription[]; total: number }>;
  };
  /** The renewal-admin workflow's calls. */
  renewalAdmin: {
    retry(renewalId: string, actor: AuditActor): Promise<{ message: string }>;
    dismiss(renewalId: string, actor: AuditActor): Promise<{ message: string }>;
    cancelAutoRenew(subscriptionId: string, actor: AuditActor): Promise<{ message: string }>;
  };
  clock: Clock;
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/** The renewals list and its light actions are support's work too; a retry, which charges, is not (decision 0098). */
const SUPPORT = allow('owner', 'support');

/**
 * The admin's Renewals section (decision 0045), registered inside the admin scope, whose
 * hook refuses a request without an admin session; every action names its admin in the audit log.
 */
export const adminRenewalRoutes: FastifyPluginAsyncZod<AdminRenewalRouteOptions> = async (app, { reports, renewalAdmin, clock, actingAdmin }) => {
  app.get(adminRenewalPaths.overview, { config: SUPPORT, schema: { response: { 200: adminRenewalOverviewSchema, ...failures } } }, async (request, reply) =>
    sendRevalidated(request, reply, await reports.renewalOverview(clock.now())),
  );

  app.get(
    adminRenewalPaths.subscriptions,
    { config: SUPPORT, schema: { querystring: adminListQuerySchema, response: { 200: adminAutoRenewingListSchema, ...failures } } },
    async (request, reply) => {
      const page = await reports.autoRenewingSubscriptions(request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return sendRevalidated(request, reply, page.items);
    },
  );

  app.post(
    '/api/admin/renewals/:renewalId/retry',
    // A retry charges the customer's card: the owner's alone (decision 0098).
    { config: allow('owner'), schema: { params: renewalIdParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await renewalAdmin.retry(request.params.renewalId, await actingAdmin(request))),
  );

  app.post(
    '/api/admin/renewals/:renewalId/dismiss',
    { config: SUPPORT, schema: { params: renewalIdParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await renewalAdmin.dismiss(request.params.renewalId, await actingAdmin(request))),
  );

  app.post(
    '/api/admin/renewals/subscriptions/:subscriptionId/cancel-auto-renew',
    { config: SUPPORT, schema: { params: renewalSubscriptionParamsSchema, response: { 200: adminRenewalActionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await renewalAdmin.cancelAutoRenew(request.params.subscriptionId, await actingAdmin(request))),
  );
};
