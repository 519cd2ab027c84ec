import { STAFF_ROLES, type StaffRole } from '#contract/admin-staff';

/**
 * Which staff roles may call an admin route, declared in the route's own config beside it
 * (decision 0098): `{ config: allow('owner', 'support') }`. The admin scope refuses to
 * register a route without one, and its hook answers 403 to a role outside it before the
 * route's code runs.
 */

/** A step of set-up the signed-in member still owes; a route open during it says so. */
export type PendingStep = 'passwordChange' | 'twoFactorSetup';

export interface StaffAccessRule {
  roles: readonly StaffRole[];
  /** The steps during which the route stays open (signing out, the password, two-factor set-up). */
  openDuring?: readonly PendingStep[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffAccessRule;
  }
}

export const allow = (...roles: StaffRole[]): { staff: StaffAccessRule } => ({ staff: { roles } });

/** Open to every role, and to a member still owing these steps. */
export const everyone = (...openDuring: PendingStep[]): { staff: StaffAccessRule } => ({ staff: { roles: STAFF_ROLES, openDuring } });
