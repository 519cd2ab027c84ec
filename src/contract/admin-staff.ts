import { z } from 'zod';
import { errorBodySchema } from './errors';
import { plainText, requiredText } from './fields';

/**
 * Staff accounts and their roles (decision 0098): the owner adds staff with a role and an
 * initial password that the new member changes at first sign-in, and may require two-factor
 * sign-in of everyone. Every admin route declares the roles it allows.
 */

export const STAFF_ROLES = ['owner', 'support', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const adminStaffPaths = {
  list: '/api/admin/staff',
  member: '/api/admin/staff/:id',
  settings: '/api/admin/staff-settings',
  password: '/api/admin/password',
} as const;

/** The same rule as ADMIN_PASSWORD and `npm run admin:create`. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

export const roleRefusal = (role: StaffRole) => `Your role (${role}) cannot do this`;
export const PASSWORD_CHANGE_REQUIRED = 'Change your password before you continue';
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor sign-in before you continue';
export const STAFF_USERNAME_TAKEN = 'That username is already taken';
export const STAFF_NOT_FOUND = 'Staff member not found';
export const LAST_OWNER = 'The store needs at least one enabled owner';
export const SAME_PASSWORD = 'The new password must differ from the current one';

const ROLE_MESSAGE = `Role must be one of ${STAFF_ROLES.join(', ')}`;
export const staffRoleField = z.enum(STAFF_ROLES, { error: ROLE_MESSAGE });

// The minimum as a refine rather than .min(): a JSON Schema minLength of 12 beside the text
// pattern leaves the fuzz test's generator (tests/api/fuzz.test.ts) filtering for a long time.
const newPasswordField = (label: string) =>
  plainText(label, `${label} is required`)
    .max(256, `${label} is too long`)
    .refine((text) => text.length >= MIN_STAFF_PASSWORD_LENGTH, `${label} must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters`);

/** POST /api/admin/staff: the username as `npm run admin:create` takes it (trimmed, at most 100 characters). */
export const newStaffSchema = z.object({
  username: requiredText('Username', 100),
  password: newPasswordField('Password'),
  role: staffRoleField,
});
export type NewStaff = z.infer<typeof newStaffSchema>;

/** PATCH /api/admin/staff/:id: a new role, or disabled (signed out everywhere) or enabled again. */
export const staffChangesSchema = z
  .object({ role: staffRoleField.optional(), disabled: z.boolean().optional() })
  .refine((changes) => changes.role !== undefined || changes.disabled !== undefined, 'Nothing to change');
export type StaffChanges = z.infer<typeof staffChangesSchema>;

export const staffParamsSchema = z.object({ id: z.uuid({ error: STAFF_NOT_FOUND }) });

export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  twoFactor: z.boolean(),
  disabled: z.boolean(),
  passwordChangeRequired: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListSchema = z.array(staffMemberSchema);

export const staffSettingsSchema = z.object({ twoFactorRequired: z.boolean() });

/** POST /api/admin/password: the signed-in staff member's own password. */
export const passwordChangeSchema = z.object({
  currentPassword: plainText('Current password', 'Current password is required').min(1, 'Current password is required').max(256, 'Current password is too long'),
  newPassword: newPasswordField('New password'),
});

/** A refusal of a signed-in staff member: outside their role, or a step of set-up still to do. */
export const staffRefusalSchema = errorBodySchema.extend({
  passwordChangeRequired: z.literal(true).optional(),
  twoFactorSetupRequired: z.literal(true).optional(),
});
