import { z } from 'zod';
import { requiredText } from './fields';

/** The customer's email preferences and the unsubscribe link of reminder emails (decision 0040). */

/** GET and PATCH /api/customer/email-preferences: reminder and offer emails on or off. */
export const emailPreferencesSchema = z.object({ reminders: z.boolean({ error: 'reminders must be true or false' }) });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** An unsubscribe link's token: `?token=` of the page, the one-click POST and GET /api/unsubscribe; the body of POST /api/unsubscribe. */
const unsubscribeTokenField = requiredText('Unsubscribe token', 200, 'Invalid unsubscribe link');
export const unsubscribeTokenSchema = z.object({ token: unsubscribeTokenField });

/** GET /api/unsubscribe: the link is genuine; the customer's reminders are still on or already off. */
export const unsubscribeLinkSchema = z.object({ valid: z.literal(true), reminders: z.boolean() });

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Nothing was changed.';
export const UNSUBSCRIBED = 'You are unsubscribed from StreamPlus reminder and offer emails.';
