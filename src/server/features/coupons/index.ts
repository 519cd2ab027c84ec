// The coupons feature's face: checking a code, counting and giving back its uses, the admin's coupons.
export { checkCoupon, COUPON_LIMIT_MESSAGE, countCouponUse, countCouponUsePastLimit, releaseCouponUse } from './service';
export { createCouponAdmin, type CouponAdmin } from './admin-coupons';
export { couponRoutes } from './routes';
export { seedCoupons } from './seed';
export { winBackCouponOffered } from './win-back';
