import type { FastifyRequest, RouteOptions } from 'fastify';
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
  PASSWORD_CHANGE_REQUIRED,
  roleRefusal,
  staffRefusalSchema,
  TWO_FACTOR_SETUP_REQUIRED,
} from '#contract/admin-staff';
import { errorBodySchema } from '#contract/errors';
import type { AuditActor } from '#domain/actors';
import type { ActiveSession } from '#server/http/sessions';
import { HttpError } from '#server/http/errors';
import { allow, everyone, type StaffAccessRule } from '#server/http/staff-access';
import type { Staff, StaffAccess } from './staff';
import { noStore } from '#server/http/no-store';

/**
 * The admin scope's onRoute hook: a route without its roles stops start-up, so a new route
 * cannot forget them (decision 0098). Its 403 answers the staff refusal's fields, which the
 * route's own schema would otherwise strip.
 */
export function requireStaffRule(route: RouteOptions): void {
  if (!route.config?.staff) throw new Error(`${String(route.method)} ${route.url} declares no staff roles: add config: allow(...) (decision 0098)`);
  const schema = route.schema ?? {};
  route.schema = { ...schema, response: { ...(schema.response as object | undefined), 403: staffRefusalSchema } };
}

/**
 * Refuses the request, before the route's code runs, when the member still owes a step the
 * route is not open during (the password first, then two-factor set-up), or when the
 * member's role is not among the route's.
 */
export function refuseOutsideRule(access: StaffAccess, rule: StaffAccessRule | undefined): void {
  const openDuring = rule?.openDuring ?? [];
  if (access.passwordChangeRequired && !openDuring.includes('passwordChange')) {
    throw new HttpError(403, PASSWORD_CHANGE_REQUIRED, {}, { passwordChangeRequired: true });
  }
  if (access.twoFactorSetupRequired && !openDuring.includes('twoFactorSetup')) {
    throw new HttpError(403, TWO_FACTOR_SETUP_REQUIRED, {}, { twoFactorSetupRequired: true });
  }
  if (!rule?.roles.includes(access.admin.role)) throw new HttpError(403, roleRefusal(access.admin.role));
}

const failures = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const OWNER = allow('owner');
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
