import { z } from 'zod';
import { isLocale, SUPPORTED_LOCALES, type Locale } from '#domain/locales';

/**
 * The language a customer reads (decision 0107): named by a checkout, a sign-up or the
 * account's choice. Unlike the browser's time zone, a language that is named but unknown is
 * refused (400): the buyer chose it, and an email in another language would be a surprise.
 */

export const UNKNOWN_LOCALE = `locale must be one of ${SUPPORTED_LOCALES.join(', ')}`;

function localeOf(value: unknown, ctx: z.RefinementCtx): Locale {
  if (isLocale(value)) return value;
  ctx.addIssue({ code: 'custom', message: UNKNOWN_LOCALE });
  return z.NEVER;
}

/** Optional in a checkout or a sign-up: absent (or null) leaves it to the customer's saved one, then Accept-Language. */
export const optionalLocaleField = z
  .unknown()
  .optional()
  .transform((value, ctx): Locale | null => (value === undefined || value === null ? null : localeOf(value, ctx)));

/** PATCH /api/account/locale: the signed-in customer's choice, kept for their emails. */
export const localeChangeSchema = z.object({ locale: z.unknown().transform(localeOf) });

export const localeChangeResponseSchema = z.object({ locale: z.enum(SUPPORTED_LOCALES) });
