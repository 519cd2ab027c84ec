import { z } from 'zod';
import { canonicalTimeZone } from '#domain/store-time';

/** A customer's time zone (decision 0074): the browser's, sent with a checkout or a sign-up, and the one chosen in the account. */

const MAX_ZONE_LENGTH = 64;

const zoneOf = (value: unknown) => (typeof value === 'string' && value.length <= MAX_ZONE_LENGTH ? canonicalTimeZone(value) : null);

/**
 * The browser's zone (Intl's resolvedOptions().timeZone), optional: one the store does not
 * know is dropped (null), never refused, so an odd browser cannot fail a purchase or a sign-up.
 */
export const browserTimeZoneField = z.unknown().optional().transform(zoneOf);

export const UNKNOWN_TIME_ZONE = 'timeZone must be an IANA time zone name such as America/New_York, Asia/Tokyo or UTC';

/** PATCH /api/account/time-zone: the customer's own choice, refused (400) when it is no zone. */
export const timeZoneChangeSchema = z.object({
  timeZone: z.string({ error: UNKNOWN_TIME_ZONE }).transform((name, ctx) => {
    const zone = zoneOf(name);
    if (zone === null) {
      ctx.addIssue({ code: 'custom', message: UNKNOWN_TIME_ZONE });
      return z.NEVER;
    }
    return zone;
  }),
});
export type TimeZoneChange = z.input<typeof timeZoneChangeSchema>;
