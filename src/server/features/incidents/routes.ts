import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminListQuerySchema, TOTAL_COUNT_HEADER } from '#contract/admin';
import { adminIncidentPaths } from '#contract/admin-incident-paths';
import {
  adminIncidentListSchema,
  adminIncidentSchema,
  compensationRequestSchema,
  INCIDENT_NOT_FOUND,
  incidentActionSchema,
  incidentEndSchema,
  incidentParamsSchema,
  newIncidentSchema,
  type AdminIncident,
  type IncidentAction,
  type NewIncident,
} from '#contract/admin-incidents';
import { errorBodySchema } from '#contract/errors';
import { storeStatusSchema } from '#contract/status';
import type { AuditActor } from '#domain/actors';
import { sendRevalidated } from '#server/http/etag';
import { notFound } from '#server/http/errors';
import { allow } from '#server/http/staff-access';
import type { StoreStatusService } from './status';
import { noStore } from '#server/http/no-store';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/**
 * GET /api/status, for anyone (decision 0094). No session is read. A shared cache (a CDN) may
 * keep the answer a few seconds, as the store itself does, so a crowd opening the page in an
 * outage costs the store little; a browser asks each time, so an incident ended shows at once.
 */
export const statusRoutes: FastifyPluginAsyncZod<{ storeStatus: Pick<StoreStatusService, 'current'> }> = async (app, { storeStatus }) => {
  app.get('/api/status', { schema: { response: { 200: storeStatusSchema } } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=0, s-maxage=10').send(await storeStatus.current()),
  );
};

export interface AdminIncidentRouteOptions {
  /** The feature's own reads. */
  reads: {
    page(page: { limit: number; offset: number }): Promise<{ items: AdminIncident[]; total: number }>;
    detail(id: string): Promise<AdminIncident | null>;
  };
  /** The incidents workflow's calls, named here: a feature never imports a workflow. */
  incidents: {
    post(incident: NewIncident, actor: AuditActor): Promise<IncidentAction & { created: boolean }>;
    end(id: string, endedAt: Date, actor: AuditActor): Promise<IncidentAction>;
    compensate(id: string, days: number, actor: AuditActor): Promise<IncidentAction>;
  };
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
}

/** Support reads incidents to answer customers; posting, ending and compensating stay the owner's (decision 0098). */
const SUPPORT = allow('owner', 'support');
const OWNER = allow('owner');

/**
 * The admin's Incidents section (decision 0094), registered inside the admin scope, whose hook
 * refuses a request without an admin session; every change names its admin in the audit log.
 */
export const adminIncidentRoutes: FastifyPluginAsyncZod<AdminIncidentRouteOptions> = async (app, { reads, incidents, actingAdmin }) => {
  app.get(
    adminIncidentPaths.list,
    { config: SUPPORT, schema: { querystring: adminListQuerySchema, response: { 200: adminIncidentListSchema, ...failures } } },
    async (request, reply) => {
      const page = await reads.page(request.query);
      reply.header(TOTAL_COUNT_HEADER, page.total);
      return sendRevalidated(request, reply, page.items);
    },
  );

  app.post(adminIncidentPaths.list, { config: OWNER, schema: { body: newIncidentSchema, response: { 200: incidentActionSchema, 201: incidentActionSchema, ...failures } } }, async (request, reply) => {
    const { created, ...answer } = await incidents.post(request.body, await actingAdmin(request));
    // The same incident posted again while open is the one already there: 200, and no email again.
    return noStore(reply)
      .code(created ? 201 : 200)
      .send(answer);
  });

  app.get(
    '/api/admin/incidents/:id',
    { config: SUPPORT, schema: { params: incidentParamsSchema, response: { 200: adminIncidentSchema, ...failures } } },
    async (request, reply) => {
      const incident = await reads.detail(request.params.id);
      if (!incident) throw notFound(INCIDENT_NOT_FOUND);
      return noStore(reply).send(incident);
    },
  );

  app.patch(
    '/api/admin/incidents/:id',
    { config: OWNER, schema: { params: incidentParamsSchema, body: incidentEndSchema, response: { 200: incidentActionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await incidents.end(request.params.id, request.body.endedAt, await actingAdmin(request))),
  );

  app.post(
    '/api/admin/incidents/:id/compensate',
    { config: OWNER, schema: { params: incidentParamsSchema, body: compensationRequestSchema, response: { 200: incidentActionSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await incidents.compensate(request.params.id, request.body.days, await actingAdmin(request))),
  );
};
