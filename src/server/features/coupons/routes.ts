import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validateCouponRequestSchema, validateCouponResponseSchema } from '#contract/checkout';
import { errorBodySchema } from '#contract/errors';
import { formatMoney, parseMoney } from '#domain/money';
import { deviceCountForSubtotal, priceOrder } from '#domain/pricing';
import { findPackage } from '../catalog/service';
import { badRequest } from '#server/http/errors';
import { checkCoupon } from './service';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/validate-coupon',
    { schema: { body: validateCouponRequestSchema, response: { 200: validateCouponResponseSchema, 400: errorBodySchema } } },
    async (request) => {
      const { code, packageId, subtotalAmount, deviceCount } = request.body;
      const pkg = await findPackage(app.deps.database.db, packageId);
      if (!pkg) throw badRequest('Unknown package');
      // The discount is worked out on the server's price. The browser's subtotal only tells
      // which device count the buyer chose (when deviceCount is not sent); a subtotal that
      // matches no device count of this package is priced for one device. Checkout prices
      // the order again in any case, so this answer is a quote, never a charge.
      const price = parseMoney(pkg.price);
      const devices = Math.min(deviceCount ?? deviceCountForSubtotal(price, subtotalAmount) ?? 1, pkg.devices);
      const { subtotal } = priceOrder(price, devices);
      const check = await checkCoupon(app.deps.database.db, code, subtotal);
      if (!check.ok) return { valid: false, error: check.reason };
      return {
        valid: true,
        coupon: { code: check.coupon.code, description: check.coupon.description, discountAmount: formatMoney(check.discount) },
      };
    },
  );
};
