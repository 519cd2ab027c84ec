// The coupons feature's face: checking a code, counting and giving back its uses, the admin's coupons.
export { checkCoupon, countCouponUse, countCouponUsePastLimit, releaseCouponUse, reserveCouponUse } from './service';
export { createCouponAdmin, type CouponAdmin } from './admin-coupons';
export { couponRoutes } from './routes';
export { seedCoupons } from './seed';
export { winBackCouponOffered } from './win-back';
