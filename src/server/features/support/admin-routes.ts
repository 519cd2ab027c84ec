import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffRole } from '#contract/admin-staff';
import { errorBodySchema } from '#contract/errors';
import {
  adminTicketDetailSchema,
  adminTicketListSchema,
  adminTicketQuerySchema,
  attachmentParamsSchema,
  cannedReplyParamsSchema,
  cannedReplyRequestSchema,
  cannedReplySchema,
  goodwillRequestSchema,
  goodwillResponseSchema,
  ratingFiguresSchema,
  staffMessageRequestSchema,
  supportOverviewSchema,
  supportSettingsSchema,
  ticketDetailSchema,
  ticketDeviceParamsSchema,
  ticketParamsSchema,
  ticketPatchSchema,
  ticketSummarySchema,
  TICKET_DEVICE_ACTIONS,
  type AdminTicketDetail,
  type AdminTicketQuery,
  type CannedReply,
  type SupportOverview,
  type TicketDetail,
  type TicketPatch,
  type TicketSummary,
} from '#contract/support';
import type { AuditActor } from '#domain/actors';
import { allow } from '#server/http/staff-access';
import { badRequest } from '#server/http/errors';
import { noStore } from '#server/http/no-store';
import { acceptImageUploads, sendAttachment, UPLOAD_BODY_LIMIT, uploadedImages } from './upload-routes';
import type { NewAttachment, StoredAttachment } from './tickets';

/** The support workflow's and the feature's calls for the staff, named here: a feature never imports a workflow. */
export interface AdminSupportCalls {
  inbox(query: AdminTicketQuery, staff: AuditActor): Promise<TicketSummary[]>;
  responseTarget(): Promise<number>;
  staffDetail(ticketId: string, admin: AuditActor): Promise<AdminTicketDetail>;
  staffReply(ticketId: string, admin: AuditActor, message: string, internal: boolean, attachments: NewAttachment[]): Promise<TicketDetail>;
  patch(ticketId: string, admin: AuditActor, patch: TicketPatch, assignee: AuditActor | null | undefined): Promise<TicketSummary>;
  goodwill(ticketId: string, admin: AuditActor, role: StaffRole, subscriptionId: string, days: number): Promise<z.infer<typeof goodwillResponseSchema>>;
  deviceAction(ticketId: string, admin: AuditActor, deviceId: string, action: (typeof TICKET_DEVICE_ACTIONS)[number]): Promise<Record<string, unknown>>;
  staffAttachment(attachmentId: string): Promise<StoredAttachment>;
  overview(): Promise<SupportOverview>;
  ratings(): Promise<z.infer<typeof ratingFiguresSchema>>;
  cannedReplies(): Promise<CannedReply[]>;
  saveCannedReply(id: string | null, reply: { title: string; body: string }, admin: AuditActor): Promise<CannedReply>;
  removeCannedReply(id: string, admin: AuditActor): Promise<CannedReply>;
  setResponseTarget(minutes: number, admin: AuditActor): Promise<void>;
}

export interface AdminSupportRouteOptions {
  support: AdminSupportCalls;
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
  /** A staff member's role and name, or null when there is none (an assignee); the goodwill limit is the support role's. */
  staffMember: (id: string) => Promise<{ id: string; username: string; role: StaffRole } | null>;
}

/** Tickets are support's work and the owner's (decision 0098); canned replies, the target and the ratings are the owner's. */
const SUPPORT = allow('owner', 'support');
const OWNER = allow('owner');
const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 502: errorBodySchema };
const onTicket = { params: ticketParamsSchema };

/** The staff inbox (decision 0102), registered in the admin's guarded scope; every change names its actor. */
export const adminSupportRoutes: FastifyPluginAsyncZod<AdminSupportRouteOptions> = async (app, { support, actingAdmin, staffMember }) => {
  await acceptImageUploads(app);

  app.get('/api/admin/tickets', { config: SUPPORT, schema: { querystring: adminTicketQuerySchema, response: { 200: adminTicketListSchema, ...failures } } }, async (request, reply) => {
    const [tickets, responseTargetMinutes] = await Promise.all([support.inbox(request.query, await actingAdmin(request)), support.responseTarget()]);
    return noStore(reply).send({ tickets, responseTargetMinutes });
  });

  app.get('/api/admin/tickets/overview', { config: SUPPORT, schema: { response: { 200: supportOverviewSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await support.overview()),
  );

  app.get('/api/admin/tickets/ratings', { config: OWNER, schema: { response: { 200: ratingFiguresSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await support.ratings()),
  );

  app.get('/api/admin/tickets/:id', { config: SUPPORT, schema: { ...onTicket, response: { 200: adminTicketDetailSchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send(await support.staffDetail(request.params.id, await actingAdmin(request))),
  );

  app.post(
    '/api/admin/tickets/:id/messages',
    { bodyLimit: UPLOAD_BODY_LIMIT, config: SUPPORT, schema: { ...onTicket, body: staffMessageRequestSchema, response: { 200: ticketDetailSchema, ...failures } } },
    async (request, reply) =>
      noStore(reply).send(await support.staffReply(request.params.id, await actingAdmin(request), request.body.message, request.body.internal ?? false, uploadedImages(request))),
  );

  app.patch('/api/admin/tickets/:id', { config: SUPPORT, schema: { ...onTicket, body: ticketPatchSchema, response: { 200: ticketSummarySchema, ...failures } } }, async (request, reply) => {
    const { assigneeId } = request.body;
    let assignee: AuditActor | null | undefined = assigneeId === null ? null : undefined;
    if (assigneeId) {
      const member = await staffMember(assigneeId);
      if (!member || member.role === 'fulfilment') throw badRequest('Assign the ticket to an owner or a support member');
      assignee = { id: member.id, username: member.username };
    }
    return noStore(reply).send(await support.patch(request.params.id, await actingAdmin(request), request.body, assignee));
  });

  app.post(
    '/api/admin/tickets/:id/goodwill',
    { config: SUPPORT, schema: { ...onTicket, body: goodwillRequestSchema, response: { 200: goodwillResponseSchema, ...failures } } },
    async (request, reply) => {
      const admin = await actingAdmin(request);
      const role = (await staffMember(admin.id))?.role ?? 'support';
      return noStore(reply).send(await support.goodwill(request.params.id, admin, role, request.body.subscriptionId, request.body.days));
    },
  );

  app.post(
    '/api/admin/tickets/:id/devices/:deviceId/:action',
    { config: SUPPORT, schema: { params: ticketDeviceParamsSchema, response: { 200: z.record(z.string(), z.unknown()), ...failures } } },
    async (request, reply) => {
      const { id, deviceId, action } = request.params;
      return noStore(reply).send(await support.deviceAction(id, await actingAdmin(request), deviceId, action));
    },
  );

  app.get('/api/admin/tickets/attachments/:id', { config: SUPPORT, schema: { params: attachmentParamsSchema, response: failures } }, async (request, reply) =>
    sendAttachment(reply, await support.staffAttachment(request.params.id)),
  );

  app.get('/api/admin/canned-replies', { config: SUPPORT, schema: { response: { 200: z.array(cannedReplySchema), ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await support.cannedReplies()),
  );
  app.post('/api/admin/canned-replies', { config: OWNER, schema: { body: cannedReplyRequestSchema, response: { 201: cannedReplySchema, ...failures } } }, async (request, reply) =>
    noStore(reply)
      .code(201)
      .send(await support.saveCannedReply(null, request.body, await actingAdmin(request))),
  );
  app.put(
    '/api/admin/canned-replies/:id',
    { config: OWNER, schema: { params: cannedReplyParamsSchema, body: cannedReplyRequestSchema, response: { 200: cannedReplySchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await support.saveCannedReply(request.params.id, request.body, await actingAdmin(request))),
  );
  app.delete('/api/admin/canned-replies/:id', { config: OWNER, schema: { params: cannedReplyParamsSchema, response: { 200: cannedReplySchema, ...failures } } }, async (request, reply) =>
    noStore(reply).send(await support.removeCannedReply(request.params.id, await actingAdmin(request))),
  );

  app.get('/api/admin/support/settings', { config: SUPPORT, schema: { response: { 200: supportSettingsSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send({ responseTargetMinutes: await support.responseTarget() }),
  );
  app.put('/api/admin/support/settings', { config: OWNER, schema: { body: supportSettingsSchema, response: { 200: supportSettingsSchema, ...failures } } }, async (request, reply) => {
    await support.setResponseTarget(request.body.responseTargetMinutes, await actingAdmin(request));
    return noStore(reply).send({ responseTargetMinutes: await support.responseTarget() });
  });
};
