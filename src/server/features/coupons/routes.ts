import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateCouponRequestSchema, validateCouponResponseSchema } from '#contract/checkout';
import { errorBodySchema } from '#contract/errors';
import type { DbOrTx } from '#server/db/connect';
import { perAddressLimit } from '#server/lib/attempt-limits';
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
    async (request) => quoteCoupon(db, request.body),
  );
};
