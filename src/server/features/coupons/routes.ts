import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateCouponRequestSchema, validateCouponResponseSchema } from '#contract/checkout';
import { errorBodySchema } from '#contract/errors';
import { localeFromAcceptLanguage } from '#domain/locales';
import type { DbOrTx } from '#server/db/connect';
import { perAddressLimit } from '#server/lib/attempt-limits';
import { translateRefusal } from '#server/lib/i18n/index';
import { quoteCoupon } from './service';

/** Enough for any buyer trying codes by hand; it stops scripts guessing codes. */
const COUPON_CHECK_LIMIT = { max: 60, windowMs: 10 * 60_000 };

export const couponRoutes: FastifyPluginAsyncZod<{ db: DbOrTx }> = async (app, { db }) => {
  app.post(
    '/api/validate-coupon',
    {
      schema: { body: validateCouponRequestSchema, response: { 200: validateCouponResponseSchema, 400: errorBodySchema, 429: errorBodySchema } },
      preHandler: perAddressLimit(db, 'coupon-checks', COUPON_CHECK_LIMIT, 'coupon checks'),
    },
    async (request) => {
      const quote = await quoteCoupon(db, request.body);
      // A code that does not apply is an answer, not a refusal: its reason in the buyer's language all the same (decision 0113).
      return quote.valid || !quote.error ? quote : { ...quote, error: translateRefusal(quote.error, localeFromAcceptLanguage(request.headers['accept-language'])) };
    },
  );
};
