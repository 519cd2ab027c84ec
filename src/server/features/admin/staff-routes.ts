import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '#contract/accounts';
import {
  adminStaffPaths,
  newStaffSchema,
  passwordChangeSchema,
  staffChangesSchema,
  staffListSchema,
  staffMemberSchema,
  staffParamsSchema,
  staffSettingsSchema,
  type NewStaff,
  type StaffChanges,
  type StaffMember,
} from '#contract/admin-staff';
import { errorBodySchema } from '#contract/errors';
import type { AuditActor } from '#domain/actors';
import type { ActiveSession } from '#server/http/sessions';
import { allow, everyone } from '#server/http/staff-access';
import type { Staff } from './staff';

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const OWNER = allow('owner');
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

export interface StaffRouteOptions {
  staff: Pick<Staff, 'list' | 'twoFactorRequired'>;
  /** The admin-changes workflow's calls: each change with its audit row, sessions ended where it says. */
  staffChanges: {
    addStaff(staff: NewStaff, actor: AuditActor): Promise<StaffMember>;
    changeStaff(id: string, changes: StaffChanges, actor: AuditActor): Promise<StaffMember>;
    changePassword(actor: AuditActor, passwords: { currentPassword: string; newPassword: string }, keep: { sid: string; address: string }): Promise<void>;
    setTwoFactorRequired(required: boolean, actor: AuditActor): Promise<void>;
  };
  actingAdmin: (request: FastifyRequest) => Promise<AuditActor>;
  sessionOf: (request: FastifyRequest) => Promise<ActiveSession | null>;
}

/**
 * The owner's Staff section and each member's own password (decision 0098), inside the
 * admin scope, whose hook has checked the session, the pending steps and the role.
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffRouteOptions> = async (app, { staff, staffChanges, actingAdmin, sessionOf }) => {
  app.get(adminStaffPaths.list, { config: OWNER, schema: { response: { 200: staffListSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send(await staff.list()),
  );

  app.post(adminStaffPaths.list, { config: OWNER, schema: { body: newStaffSchema, response: { 201: staffMemberSchema, ...failures } } }, async (request, reply) =>
    noStore(reply)
      .code(201)
      .send(await staffChanges.addStaff(request.body, await actingAdmin(request))),
  );

  app.patch(
    adminStaffPaths.member,
    { config: OWNER, schema: { params: staffParamsSchema, body: staffChangesSchema, response: { 200: staffMemberSchema, ...failures } } },
    async (request, reply) => noStore(reply).send(await staffChanges.changeStaff(request.params.id, request.body, await actingAdmin(request))),
  );

  app.get(adminStaffPaths.settings, { config: OWNER, schema: { response: { 200: staffSettingsSchema, ...failures } } }, async (_request, reply) =>
    noStore(reply).send({ twoFactorRequired: await staff.twoFactorRequired() }),
  );

  app.patch(
    adminStaffPaths.settings,
    { config: OWNER, schema: { body: staffSettingsSchema, response: { 200: staffSettingsSchema, ...failures } } },
    async (request, reply) => {
      await staffChanges.setTwoFactorRequired(request.body.twoFactorRequired, await actingAdmin(request));
      return noStore(reply).send({ twoFactorRequired: request.body.twoFactorRequired });
    },
  );

  // Open while the change is owed: it is what the member is asked to do.
  app.post(
    adminStaffPaths.password,
    { config: everyone('passwordChange', 'twoFactorSetup'), schema: { body: passwordChangeSchema, response: { 200: messageResponseSchema, ...failures } } },
    async (request, reply) => {
      const session = await sessionOf(request);
      await staffChanges.changePassword(await actingAdmin(request), request.body, { sid: session?.sid ?? '', address: request.ip });
      return noStore(reply).send({ message: 'Password changed' });
    },
  );
};
