import { z } from 'zod';
import { plainText } from './fields';
import { errorBodySchema } from './errors';

/**
 * Two-factor sign-in for administrators (TOTP, RFC 6238; decision 0096): set up and turned
 * off from the admin's My account section, asked for at sign-in once on.
 */

export const adminTwoFactorPaths = {
  status: '/api/admin/2fa',
  setup: '/api/admin/2fa/setup',
  enable: '/api/admin/2fa/enable',
  disable: '/api/admin/2fa/disable',
} as const;

export const TWO_FACTOR_CODE_REQUIRED = 'Authentication code required';
export const INVALID_TWO_FACTOR_CODE = 'Invalid authentication code';
export const TWO_FACTOR_NOT_SET_UP = 'Start two-factor setup first';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on';
export const INCORRECT_PASSWORD = 'Incorrect password';
export const RECOVERY_CODE_COUNT = 10;

export const adminPasswordField = plainText('Password', 'Password is required').min(1, 'Password is required').max(256, 'Password is too long');

/** A 6-digit code from the authenticator app. */
export const totpCodeField = plainText('Authentication code', 'Authentication code is required')
  .trim()
  .min(1, 'Authentication code is required')
  .regex(/^\d{6}$/, 'Authentication code must be 6 digits');

/** At sign-in: a 6-digit code or one recovery code; blank counts as none. */
export const signInCodeField = plainText('Authentication code').trim().max(64, 'Authentication code is too long').optional();

export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });

export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });

export const twoFactorEnableRequestSchema = z.object({ code: totpCodeField });
export const twoFactorEnableSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const twoFactorDisableRequestSchema = z.object({
  password: adminPasswordField,
  code: totpCodeField,
});

/** The sign-in's 401: with twoFactorRequired when the password was right and a code is needed or was wrong. */
export const signInRefusalSchema = errorBodySchema.extend({ twoFactorRequired: z.literal(true).optional() });
