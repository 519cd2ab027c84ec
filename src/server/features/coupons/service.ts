import { and, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { validateCouponRequestSchema, ValidateCouponResponse } from '#contract/checkout';
import { formatMoney, parseMoney, type Cents } from '#domain/money';
import { couponDiscount, deviceCountForSubtotal, priceOrder } from '#domain/pricing';
import { conflict, invalid } from '#domain/errors';
import { DEFAULT_CURRENCY, englishAmount, money, type CurrencyCode } from '#domain/currencies';
import { findPackage, notSoldInMessage, packageIn, requireCurrency } from '#server/features/catalog/index';
import type { DbOrTx } from '#server/db/connect';
import { coupons } from './schema';

export type CouponRow = typeof coupons.$inferSelect;

export type CouponCheck = { ok: true; coupon: CouponRow; discount: Cents } | { ok: false; reason: string };

export const UNKNOWN_COUPON_MESSAGE = 'This coupon code is not valid';
export const COUPON_LIMIT_MESSAGE = 'This coupon has reached its usage limit';

/** A coupon whose amounts are in another currency than the order's (decision 0104). */
export const couponCurrencyMessage = (currency: CurrencyCode) => `This coupon is only valid for orders in ${currency}`;

/**
 * Whether the coupon applies to an order in `currency`: one with an amount (a fixed value, a
 * minimum order, a maximum discount) only in the currency of its amounts; a bare percentage
 * in any (decision 0104).
 */
function appliesIn(coupon: CouponRow, currency: CurrencyCode): boolean {
  if (coupon.currency === currency) return true;
  return coupon.type === 'percentage' && coupon.minOrderAmount === null && coupon.maxDiscount === null;
}

export interface CouponCheckOptions {
  /** The order's currency; USD when not given. */
  currency?: CurrencyCode;
  /**
   * False at checkout: there the reservation's guarded count is the limit's one check, and a
   * double submit of an order that took the last use must still find that order (decisions
   * 0008, 0020).
   */
  checkLimit?: boolean;
}

/** Why a coupon cannot be used on this subtotal now, or null when it can. */
export function couponRefusal(coupon: CouponRow, subtotal: Cents, now: Date, { checkLimit = true, currency = DEFAULT_CURRENCY }: CouponCheckOptions = {}): string | null {
  if (!coupon.isActive) return 'This coupon is no longer active';
  if (!appliesIn(coupon, currency)) return couponCurrencyMessage(coupon.currency);
  if (coupon.validFrom && now < coupon.validFrom) return `This coupon is not valid until ${coupon.validFrom.toISOString().slice(0, 10)}`;
  if (coupon.validTo && now > coupon.validTo) return 'This coupon has expired';
  if (checkLimit && coupon.usageLimit !== null && coupon.usageCount >= coupon.usageLimit) return COUPON_LIMIT_MESSAGE;
  if (coupon.minOrderAmount !== null && subtotal < parseMoney(coupon.minOrderAmount)) {
    // The minimum in the coupon's currency, which is the order's here (appliesIn): the spec's
    // "$25.00", a EUR coupon's "€25.00", which the edge says as the caller writes amounts (0113).
    return `This coupon requires an order of at least ${englishAmount(money(parseMoney(coupon.minOrderAmount), coupon.currency))}`;
  }
  return null;
}

export function discountFor(coupon: CouponRow, subtotal: Cents): Cents {
  return couponDiscount(
    { type: coupon.type, value: parseMoney(coupon.value), maxDiscount: coupon.maxDiscount === null ? null : parseMoney(coupon.maxDiscount) },
    subtotal,
  );
}

export async function findCoupon(db: DbOrTx, code: string): Promise<CouponRow | null> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}

/** Whether the coupon applies to a subtotal computed by the server, and its discount. */
export async function checkCoupon(db: DbOrTx, code: string, subtotal: Cents, options: CouponCheckOptions = {}): Promise<CouponCheck> {
  const coupon = await findCoupon(db, code);
  if (!coupon) return { ok: false, reason: UNKNOWN_COUPON_MESSAGE };
  const refusal = couponRefusal(coupon, subtotal, new Date(), options);
  return refusal ? { ok: false, reason: refusal } : { ok: true, coupon, discount: discountFor(coupon, subtotal) };
}

/**
 * Counts one use of a coupon, only while it is under its limit. One conditional UPDATE:
 * concurrent checkouts queue on the row and each re-checks the limit against the count the
 * previous one left (D9), so a limit of K gives at most K uses. False when it ran out.
 */
export async function countCouponUse(tx: DbOrTx, code: string): Promise<boolean> {
  return addCouponUse(tx, code, or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit)));
}

/**
 * Counts a use the store honours although the coupon ran out: a buyer paid an order whose
 * reservation had been given back (decision 0020). The count then shows the overrun.
 */
/** Reserves a use of the code with a new order, in its transaction: a 409 when its limit is reached (decision 0020). */
export async function reserveCouponUse(tx: DbOrTx, code: string): Promise<void> {
  if (!(await countCouponUse(tx, code))) throw conflict(COUPON_LIMIT_MESSAGE);
}

export async function countCouponUsePastLimit(tx: DbOrTx, code: string): Promise<boolean> {
  return addCouponUse(tx, code);
}

async function addCouponUse(tx: DbOrTx, code: string, guard?: SQL): Promise<boolean> {
  const counted = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} + 1`, updatedAt: new Date() })
    .where(and(eq(coupons.code, code), guard))
    .returning({ id: coupons.id });
  return counted.length === 1;
}

/**
 * Gives back one use of a coupon (a refunded order, a reservation whose payment failed or
 * expired). Never below zero, so a use given back twice cannot free a use nobody took.
 */
export async function releaseCouponUse(tx: DbOrTx, code: string): Promise<boolean> {
  const released = await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} - 1`, updatedAt: new Date() })
    .where(and(eq(coupons.code, code), gt(coupons.usageCount, 0)))
    .returning({ id: coupons.id });
  return released.length === 1;
}

/**
 * POST /api/validate-coupon's answer, worked out on the server's price. The browser's
 * subtotal only tells which device count the buyer chose (when deviceCount is not sent);
 * a subtotal that matches no device count of the package is priced for one device.
 * Checkout prices the order again in any case, so this is a quote, never a charge.
 */
export async function quoteCoupon(db: DbOrTx, request: z.output<typeof validateCouponRequestSchema>): Promise<ValidateCouponResponse> {
  const currency = await requireCurrency(db, request.currency);
  const listed = await findPackage(db, request.packageId);
  if (!listed) throw invalid('Unknown package');
  // A package the currency's price list leaves out is not sold in it (decision 0104).
  const pkg = await packageIn(db, listed, currency);
  if (!pkg) throw invalid(notSoldInMessage(listed.name, currency));
  const price = parseMoney(pkg.price);
  const devices = Math.min(request.deviceCount ?? deviceCountForSubtotal(price, request.subtotalAmount, currency) ?? 1, pkg.devices);
  const { subtotal } = priceOrder(price, devices, 0, currency);
  const check = await checkCoupon(db, request.code, subtotal, { currency });
  if (!check.ok) return { valid: false, error: check.reason };
  return {
    valid: true,
    coupon: { code: check.coupon.code, description: check.coupon.description, discountAmount: formatMoney(check.discount) },
  };
}

