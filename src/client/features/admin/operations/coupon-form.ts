import { z } from 'zod';
import type { AdminCoupon, NewCoupon } from '#contract/admin-coupons';
import { dollars } from '../shared/admin-view';

/**
 * The 'New Coupon' form as typed: text boxes, blank meaning none. The server checks every
 * rule (amounts, the percentage cap, unique codes) and its message is shown when it refuses.
 */
export const couponFormSchema = z.object({
  code: z.string().trim().min(1, 'Coupon code is required').max(64, 'Coupon code must be at most 64 characters'),
  description: z.string().trim().min(1, 'Description is required').max(200, 'Description must be at most 200 characters'),
  type: z.enum(['percentage', 'fixed']),
  value: z.string().trim().min(1, 'Value is required'),
  minOrderAmount: z.string().trim(),
  maxDiscount: z.string().trim(),
  usageLimit: z.string().trim().regex(/^\d*$/, 'Usage limit must be a whole number'),
});
export type CouponFormValues = z.infer<typeof couponFormSchema>;

export const EMPTY_COUPON_FORM: CouponFormValues = { code: '', description: '', type: 'percentage', value: '', minOrderAmount: '', maxDiscount: '', usageLimit: '' };

type NewCouponRequest = Pick<NewCoupon, 'code' | 'description' | 'type' | 'value' | 'minOrderAmount' | 'maxDiscount'> & { usageLimit: number | null };

/** The POST /api/admin/coupons body: blanks become null, the code upper case. */
export function newCouponRequest(values: CouponFormValues): NewCouponRequest {
  const blankToNull = (text: string) => (text === '' ? null : text);
  return {
    code: values.code.toUpperCase(),
    description: values.description,
    type: values.type,
    value: values.value,
    minOrderAmount: blankToNull(values.minOrderAmount),
    maxDiscount: blankToNull(values.maxDiscount),
    usageLimit: values.usageLimit === '' ? null : Number(values.usageLimit),
  };
}

/** '25% off', '$5.00 off', with its cap and minimum when it has them. */
export function couponTerms(coupon: Pick<AdminCoupon, 'type' | 'value' | 'maxDiscount' | 'minOrderAmount'>): string {
  const off = coupon.type === 'percentage' ? `${coupon.value.replace(/\.00$/, '')}% off` : `${dollars(coupon.value)} off`;
  const cap = coupon.maxDiscount ? `, up to ${dollars(coupon.maxDiscount)}` : '';
  const minimum = coupon.minOrderAmount ? `, orders over ${dollars(coupon.minOrderAmount)}` : '';
  return `${off}${cap}${minimum}`;
}

/** '3 of 5 used', or '3 used' without a limit. */
export const couponUses = (coupon: Pick<AdminCoupon, 'usageCount' | 'usageLimit'>) =>
  coupon.usageLimit === null ? `${coupon.usageCount} used` : `${coupon.usageCount} of ${coupon.usageLimit} used`;
