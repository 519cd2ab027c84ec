import { z } from 'zod';
import { CASHBACK_CURRENCY, SUPPORTED_CURRENCIES } from '#domain/currencies';
import { emailField, nameField, optionalText, phoneField, plainText, requiredText } from './fields';
import { moneyText } from './packages';
import { browserTimeZoneField } from './time-zones';
import { optionalLocaleField } from './locale-choice';

/** Requests and answers of sign-up, sign-in, password setup and the account's orders (spec sections 5 and 7). */

export const passwordField = plainText('Password', 'Password must be at least 6 characters')
  .min(6, 'Password must be at least 6 characters')
  .max(256, 'Password must be at most 256 characters');
const confirmPasswordField = plainText('Password', 'Please confirm your password')
  .min(6, 'Please confirm your password')
  .max(256, 'Password must be at most 256 characters');

/** A setup link's token, in the password form and in GET /api/setup/:token. */
export const setupTokenField = requiredText('Setup token', 200, 'Invalid setup token');
export const setupTokenParamsSchema = z.object({ token: setupTokenField });

const passwordsMatch = { message: "Passwords don't match", path: ['confirmPassword'] };

export const loginRequestSchema = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const SIGNUP_TYPES = ['account', 'trial'] as const;

export const registerRequestSchema = z
  .object({
    signupType: z.enum(SIGNUP_TYPES, { error: 'Account type must be account or trial' }).default('account'),
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    email: emailField,
    phone: phoneField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
    /** The browser's zone, recorded as the account's (decision 0074). */
    timeZone: browserTimeZoneField,
    /** The language the account's emails are written in (decision 0107); absent: Accept-Language's. */
    locale: optionalLocaleField,
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const setupPasswordRequestSchema = z
  .object({
    token: setupTokenField,
    password: passwordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((form) => form.password === form.confirmPassword, passwordsMatch);
export type SetupPasswordRequest = z.input<typeof setupPasswordRequestSchema>;

/**
 * The guest order-info form of /password-setup: where to send a new setup link. The order
 * id and its email are what the server matches; the spec's names and phone are accepted
 * but no longer required, so the form asks only for what it needs.
 */
export const resendSetupLinkRequestSchema = z.object({
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  email: emailField,
  phone: phoneField,
  orderId: requiredText('Order ID', 64),
});
export type ResendSetupLinkRequest = z.input<typeof resendSetupLinkRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The signed-in customer (GET /api/auth/me, and the sign-in answers). */
export const customerProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  hasAccount: z.boolean(),
  /** The zone the customer's dates and times are written in: their own, or the store's until theirs is known (decision 0074). */
  timeZone: z.string(),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

export const signedInResponseSchema = z.object({ customer: customerProfileSchema });
export type SignedInResponse = z.infer<typeof signedInResponseSchema>;

export const setupTokenValidSchema = z.object({
  valid: z.literal(true),
  customer: z.object({ firstName: z.string(), email: z.string() }),
  /** 'reset' when the link came from "Forgot password?". */
  purpose: z.enum(['setup', 'reset']),
});
export const setupTokenInvalidSchema = z.object({ valid: z.literal(false), message: z.string() });
export type SetupTokenCheck = z.infer<typeof setupTokenValidSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const RESEND_SETUP_LINK_ANSWER = 'If the order matches, we have emailed a new link.';
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, we have emailed a link to reset the password.';
export const INVALID_SETUP_LINK = 'This setup link is invalid or expired';

/** One order of the signed-in customer (the account page's gift-card list). */
export const customerOrderSchema = z.object({
  id: z.string(),
  giftCardReceived: z.boolean(),
  /** The gift card's code when the store gave one with its delivery (beyond the spec's fields). */
  giftCardCode: z.string().nullable(),
  paymentStatus: z.string(),
  selectedGiftCard: z.string().nullable(),
  /** The gift card's value, always in `cashbackCurrency`: USD, whatever the order's currency (decision 0110). */
  cashbackAmount: moneyText,
  cashbackCurrency: z.literal(CASHBACK_CURRENCY),
  createdAt: z.string(),
  packageName: z.string(),
  /** In the order's `currency` (decision 0104). */
  totalAmount: moneyText,
  currency: z.enum(SUPPORTED_CURRENCIES),
  deviceCount: z.number().int(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;
export const customerOrderListSchema = z.array(customerOrderSchema);
