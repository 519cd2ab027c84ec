import type { RouteOptions } from 'fastify';
import { PASSWORD_CHANGE_REQUIRED, roleRefusal, staffRefusalSchema, TWO_FACTOR_SETUP_REQUIRED } from '#contract/admin-staff';
import { HttpError } from '#server/http/errors';
import type { StaffAccessRule } from '#server/http/staff-access';
import type { StaffAccess } from './staff';

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
