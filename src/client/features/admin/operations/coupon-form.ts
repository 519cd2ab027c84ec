import { z } from 'zod';
import type { AdminCoupon, NewCoupon } from '#contract/admin-coupons';
import { COUPON_CODE_CHARACTERS, COUPON_CODE_CHARACTERS_MESSAGE } from '#contract/fields';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '#domain/currencies';
import { endOfDayInTimeZone, isoDayInTimeZone, startOfDayInTimeZone } from '#domain/store-time';
import { formatAmount } from '../shared/admin-view';

/** A day as the date input gives it; blank is no date. */
const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date such as 2026-12-31');

/**
 * The coupon form as typed, for 'New Coupon' and 'Edit Coupon': text boxes, blank meaning
 * none. The server checks every rule (amounts, the percentage cap, unique codes, a limit
 * below the uses) and its message is shown when it refuses.
 */
export const couponFormSchema = z
  .object({
    code: z.string().trim().min(1, 'Coupon code is required').max(64, 'Coupon code must be at most 64 characters'),
    description: z.string().trim().min(1, 'Description is required').max(200, 'Description must be at most 200 characters'),
    type: z.enum(['percentage', 'fixed']),
    value: z.string().trim().min(1, 'Value is required'),
    minOrderAmount: z.string().trim(),
    maxDiscount: z.string().trim(),
    /** The currency of its amounts (decision 0104): a fixed value, a cap or a minimum applies only to orders in it. */
    currency: z.enum(SUPPORTED_CURRENCIES),
    usageLimit: z.string().trim().regex(/^\d*$/, 'Usage limit must be a whole number'),
    validFrom: day,
    validTo: day,
  })
  .refine((form) => !form.validFrom || !form.validTo || form.validTo >= form.validFrom, {
    message: 'The end date must be on or after the start date',
    path: ['validTo'],
  });
export type CouponFormValues = z.infer<typeof couponFormSchema>;

/** 'New Coupon': the code's characters too, as the server checks them; an old code being edited may predate that rule. */
export const newCouponFormSchema = couponFormSchema.refine((form) => COUPON_CODE_CHARACTERS.test(form.code), {
  message: COUPON_CODE_CHARACTERS_MESSAGE,
  path: ['code'],
});

export const EMPTY_COUPON_FORM: CouponFormValues = {
  code: '',
  description: '',
  type: 'percentage',
  value: '',
  minOrderAmount: '',
  maxDiscount: '',
  currency: DEFAULT_CURRENCY,
  usageLimit: '',
  validFrom: '',
  validTo: '',
};

type CouponTermsRequest = Pick<NewCoupon, 'description' | 'type' | 'value' | 'minOrderAmount' | 'maxDiscount' | 'currency'> & {
  usageLimit: number | null;
  validFrom: string | null;
  validTo: string | null;
};
type NewCouponRequest = CouponTermsRequest & { code: string };
/** The PATCH /api/admin/coupons/:code body: only what the admin changed. */
export type CouponChangesRequest = Partial<CouponTermsRequest>;

/**
 * The dates are whole days in the store's time zone, as every admin page means a day
 * (decision 0034): a coupon works from the first moment of its start day to the last of its
 * end day on the store's clock, so an end day already past ends it. The API keeps instants.
 */
const startOfDay = (date: string, timeZone: string) => (date === '' ? null : startOfDayInTimeZone(date, timeZone).toISOString());
const endOfDay = (date: string, timeZone: string) => (date === '' ? null : endOfDayInTimeZone(date, timeZone).toISOString());
const dayOf = (iso: string | null, timeZone: string) => (iso ? isoDayInTimeZone(new Date(iso), timeZone) : '');
const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

type RequestFields = { [K in keyof CouponTermsRequest]: (values: CouponFormValues) => CouponTermsRequest[K] };

/** Each field of the form as the API takes it, its days in `timeZone`. */
const requestFields = (timeZone: string): RequestFields => ({
  description: (values) => values.description.trim(),
  type: (values) => values.type,
  value: (values) => values.value.trim(),
  minOrderAmount: (values) => blankToNull(values.minOrderAmount),
  maxDiscount: (values) => blankToNull(values.maxDiscount),
  currency: (values) => values.currency,
  usageLimit: (values) => (values.usageLimit.trim() === '' ? null : Number(values.usageLimit)),
  validFrom: (values) => startOfDay(values.validFrom.trim(), timeZone),
  validTo: (values) => endOfDay(values.validTo.trim(), timeZone),
});

/** The POST /api/admin/coupons body: blanks become null, the code upper case, days whole days of the store's zone. */
export function newCouponRequest(values: CouponFormValues, timeZone: string): NewCouponRequest {
  const terms = Object.fromEntries(Object.entries(requestFields(timeZone)).map(([name, field]) => [name, field(values)])) as CouponTermsRequest;
  return { code: values.code.trim().toUpperCase(), ...terms };
}

/** A coupon as the form shows it for editing, its days those of the store's zone. */
export function couponFormOf(coupon: AdminCoupon, timeZone: string): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    type: coupon.type,
    value: coupon.value,
    minOrderAmount: coupon.minOrderAmount ?? '',
    maxDiscount: coupon.maxDiscount ?? '',
    currency: coupon.currency ?? DEFAULT_CURRENCY,
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    validFrom: dayOf(coupon.validFrom, timeZone),
    validTo: dayOf(coupon.validTo, timeZone),
  };
}

/**
 * The fields whose typed value differs from what the form opened with, as the API takes them.
 * A field left alone is not sent, so an end time set by the API to the minute stays as it was.
 */
export function couponChangesRequest(opened: CouponFormValues, values: CouponFormValues, timeZone: string): CouponChangesRequest {
  const changes: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(requestFields(timeZone))) {
    const key = name as keyof CouponTermsRequest;
    if (String(opened[key]).trim() !== String(values[key]).trim()) changes[key] = field(values);
  }
  return changes;
}

/** '25% off', '€5.00 off', with its cap and minimum when it has them, each amount in the coupon's currency. */
export function couponTerms(coupon: Pick<AdminCoupon, 'type' | 'value' | 'maxDiscount' | 'minOrderAmount' | 'currency'>): string {
  const inCurrency = (amount: string) => formatAmount(amount, coupon.currency ?? DEFAULT_CURRENCY);
  const off = coupon.type === 'percentage' ? `${coupon.value.replace(/\.00$/, '')}% off` : `${inCurrency(coupon.value)} off`;
  const cap = coupon.maxDiscount ? `, up to ${inCurrency(coupon.maxDiscount)}` : '';
  const minimum = coupon.minOrderAmount ? `, orders over ${inCurrency(coupon.minOrderAmount)}` : '';
  return `${off}${cap}${minimum}`;
}

/** '3 of 5 used', or '3 used' without a limit. */
export const couponUses = (coupon: Pick<AdminCoupon, 'usageCount' | 'usageLimit'>) =>
  coupon.usageLimit === null ? `${coupon.usageCount} used` : `${coupon.usageCount} of ${coupon.usageLimit} used`;

/** Whether checkout takes the coupon now, as its badge says: switched off, ended, not yet started, or active. */
export function couponState(coupon: Pick<AdminCoupon, 'isActive' | 'validFrom' | 'validTo'>, now: Date): { label: string; variant: 'success' | 'secondary' | 'warning' } {
  if (!coupon.isActive) return { label: 'Inactive', variant: 'secondary' };
  if (coupon.validTo && Date.parse(coupon.validTo) < now.getTime()) return { label: 'Ended', variant: 'secondary' };
  if (coupon.validFrom && Date.parse(coupon.validFrom) > now.getTime()) return { label: 'Scheduled', variant: 'warning' };
  return { label: 'Active', variant: 'success' };
}
