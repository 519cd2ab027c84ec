import { z } from 'zod';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '#domain/currencies';
import { instantField } from './dates';
import { couponCodeField, existingCouponCodeField, moneyField, requiredText } from './fields';

/**
 * The admin's coupons (GET/POST /api/admin/coupons, PATCH /api/admin/coupons/:code), with
 * the spec's coupon fields. Money as the API spells it ('12.34'); a percentage's value is
 * the percent (10.00 = 10%). Codes are stored upper-cased and are unique.
 */

export const MAX_COUPON_AMOUNT_CENTS = 1_000_000;
export const MAX_PERCENTAGE = 100;
const COUPON_FIELDS = ['code', 'description', 'type', 'value', 'minOrderAmount', 'maxDiscount', 'currency', 'usageLimit', 'validFrom', 'validTo', 'isActive'] as const;

export const COUPON_NOT_FOUND = 'Coupon not found';
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists';
export const PERCENTAGE_TOO_HIGH = `A percentage coupon's value must be at most ${MAX_PERCENTAGE}`;
export const VALID_TO_BEFORE_VALID_FROM = 'validTo must be after validFrom';
/** A usage limit below the uses already counted, the reservations of unpaid orders included (decision 0020). */
export const usageLimitBelowUses = (uses: number) =>
  `This coupon has ${uses} ${uses === 1 ? 'use' : 'uses'}, orders still awaiting payment included, so its usage limit cannot be less than ${uses}`;

const amount = (label: string) => moneyField(label, MAX_COUPON_AMOUNT_CENTS);
const instant = (label: string) => instantField(label, '2026-12-31T23:59:59Z');

const editable = {
  description: requiredText('Description', 200),
  type: z.enum(['percentage', 'fixed'], { error: "type must be 'percentage' or 'fixed'" }),
  value: amount('Value'),
  minOrderAmount: amount('Minimum order amount').nullable(),
  maxDiscount: amount('Maximum discount').nullable(),
  /** The currency of the coupon's amounts (decision 0104): a coupon with one applies only to orders in it. */
  currency: z.enum(SUPPORTED_CURRENCIES, { error: `currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}` }),
  usageLimit: z
    .number({ error: 'usageLimit must be a whole number of at least 1, or null for no limit' })
    .int('usageLimit must be a whole number of at least 1, or null for no limit')
    .min(1, 'usageLimit must be a whole number of at least 1, or null for no limit')
    .max(10_000_000, 'usageLimit must be at most 10000000')
    .nullable(),
  validFrom: instant('validFrom').nullable(),
  validTo: instant('validTo').nullable(),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

const objectError = (what: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys!.join(', ')}: a coupon has ${COUPON_FIELDS.join(', ')}` : what;

export const newCouponSchema = z.strictObject(
  {
    code: couponCodeField,
    ...editable,
    minOrderAmount: editable.minOrderAmount.default(null),
    maxDiscount: editable.maxDiscount.default(null),
    currency: editable.currency.default(DEFAULT_CURRENCY),
    usageLimit: editable.usageLimit.default(null),
    validFrom: editable.validFrom.default(null),
    validTo: editable.validTo.default(null),
    isActive: editable.isActive.default(true),
  },
  { error: objectError(`Send the coupon as a JSON object of ${COUPON_FIELDS.join(', ')}`) },
);
export type NewCoupon = z.output<typeof newCouponSchema>;

export const couponChangesSchema = z
  .strictObject(
    {
      description: editable.description.optional(),
      type: editable.type.optional(),
      value: editable.value.optional(),
      minOrderAmount: editable.minOrderAmount.optional(),
      maxDiscount: editable.maxDiscount.optional(),
      currency: editable.currency.optional(),
      usageLimit: editable.usageLimit.optional(),
      validFrom: editable.validFrom.optional(),
      validTo: editable.validTo.optional(),
      isActive: editable.isActive.optional(),
    },
    { error: objectError(`Send the coupon's changes as a JSON object; the code cannot change`) },
  )
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to change: send at least one field');
export type CouponChanges = z.output<typeof couponChangesSchema>;

export const couponCodeParamsSchema = z.object({ code: existingCouponCodeField });

export const adminCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  type: z.enum(['percentage', 'fixed']),
  value: z.string(),
  minOrderAmount: z.string().nullable(),
  maxDiscount: z.string().nullable(),
  /** Always sent by the server; optional so that a coupon a page built before currencies still reads. */
  currency: z.enum(SUPPORTED_CURRENCIES).optional(),
  usageLimit: z.number().int().nullable(),
  usageCount: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponListSchema = z.array(adminCouponSchema);

/**
 * The win-back coupon (GET/PATCH /api/admin/win-back-coupon): one of the store's coupons
 * that the win-back emails (7 and 30 days after a subscription lapsed; decision 0046)
 * offer, or none.
 */
export const winBackCouponSchema = z.object({ code: z.string().nullable() });
export type WinBackCoupon = z.infer<typeof winBackCouponSchema>;
export const winBackCouponChangeSchema = z.strictObject(
  { code: couponCodeField.nullable() },
  { error: 'Send { "code": "<a coupon code>" } to choose the win-back coupon, or { "code": null } for none' },
);
export const WIN_BACK_COUPON_UNKNOWN = 'No coupon has this code: choose one of the store\'s coupons';
