import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { plainText } from './fields';
import { moneyText } from './packages';

/**
 * The confirmation page of an automatic renewal's charge that the bank wants the customer
 * to confirm (3-D Secure; decision 0045): GET /api/renewals/:id and
 * POST /api/renewals/:id/confirm, opened by the signed-in owner or with the emailed link's token.
 */

export const RENEWAL_NOT_FOUND = 'Renewal not found';

/** What the page can do: confirm, or say why not and lead to the account. */
export const RENEWAL_CONFIRMATION_STATES = ['awaiting_confirmation', 'paid', 'processing', 'failed', 'expired', 'cancelled'] as const;
export type RenewalConfirmationState = (typeof RENEWAL_CONFIRMATION_STATES)[number];

export const renewalParamsSchema = z.object({ id: z.uuid({ error: RENEWAL_NOT_FOUND }) });

const tokenField = plainText('token').trim().max(200, 'token is too long').optional();
export const renewalQuerySchema = z.looseObject({ token: tokenField });
export const renewalConfirmRequestSchema = z.object({ token: tokenField }).nullish();

export const renewalConfirmationSchema = z.object({
  id: z.string(),
  state: z.enum(RENEWAL_CONFIRMATION_STATES),
  packageName: z.string(),
  deviceCount: z.number().int(),
  /** The charge's amount, in `currency`; null before it was priced. */
  amount: moneyText.nullable(),
  /** The charge's currency: its renewal order's, the subscription's last paid one (decision 0104). */
  currency: z.enum(SUPPORTED_CURRENCIES),
  /** The subscription's expiry as it now stands. */
  expirationDate: z.string(),
  /** The zone its owner's times are written in: theirs, or the store's until theirs is known (decision 0074). */
  timeZone: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  cardProvider: z.enum(['stripe', 'demo']),
  /** Stripe.js confirms the PaymentIntent with these; null unless the charge awaits confirmation on Stripe. */
  clientSecret: z.string().nullable(),
  stripePublishableKey: z.string().nullable(),
});
export type RenewalConfirmation = z.infer<typeof renewalConfirmationSchema>;
