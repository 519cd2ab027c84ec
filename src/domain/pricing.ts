import { EXTRA_DEVICE_FEE_CENTS, MAX_DEVICES, MIN_DEVICES } from './catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from './currencies';
import type { Cents } from './money';

/**
 * The fee for each device beyond the first, in minor units of each currency: set like a
 * price, to end in .99, never converted at a rate (decision 0104). USD's is the spec's.
 */
const EXTRA_DEVICE_FEES: Record<CurrencyCode, Cents> = { USD: EXTRA_DEVICE_FEE_CENTS, EUR: 549, GBP: 499, BRL: 2999 };

/** The fee for devices beyond the first one included (spec section 9), in USD. */
export function deviceFee(deviceCount: number): Cents {
  return deviceFeeIn(deviceCount, DEFAULT_CURRENCY);
}

/** The fee for devices beyond the first one included, in the order's currency. */
export function deviceFeeIn(deviceCount: number, currency: CurrencyCode): Cents {
  if (!Number.isInteger(deviceCount) || deviceCount < MIN_DEVICES || deviceCount > MAX_DEVICES) {
    throw new RangeError(`Device count must be a whole number from ${MIN_DEVICES} to ${MAX_DEVICES}`);
  }
  return (deviceCount - 1) * EXTRA_DEVICE_FEES[currency];
}

export interface CouponTerms {
  type: 'percentage' | 'fixed';
  /** Percent (e.g. 10 for 10%) as cents-like hundredths, or a fixed amount in cents. */
  value: Cents;
  maxDiscount: Cents | null;
}

/**
 * The discount a coupon gives on a subtotal: a percentage rounded to the nearest cent,
 * or a fixed amount, capped by maxDiscount and never more than the subtotal.
 */
export function couponDiscount(coupon: CouponTerms, subtotal: Cents): Cents {
  const raw =
    coupon.type === 'percentage' ? Math.round((subtotal * coupon.value) / 10_000) : coupon.value;
  const capped = coupon.maxDiscount === null ? raw : Math.min(raw, coupon.maxDiscount);
  return Math.max(0, Math.min(capped, subtotal));
}

export interface PriceBreakdown {
  packagePrice: Cents;
  deviceFee: Cents;
  subtotal: Cents;
  discount: Cents;
  total: Cents;
  isFree: boolean;
}

/** Subtotal = price + device fee; total = max(0, subtotal - discount); free when total is 0. All in one currency. */
export function priceOrder(packagePrice: Cents, deviceCount: number, discount: Cents = 0, currency: CurrencyCode = DEFAULT_CURRENCY): PriceBreakdown {
  const fee = deviceFeeIn(deviceCount, currency);
  const subtotal = packagePrice + fee;
  const total = Math.max(0, subtotal - discount);
  return { packagePrice, deviceFee: fee, subtotal, discount: Math.min(discount, subtotal), total, isFree: total <= 0 };
}

/**
 * The device count whose subtotal equals the given one for a package price, or null. The
 * spec's coupon check sends only a subtotal; this reads the buyer's device choice from it
 * while the price itself stays the server's.
 */
export function deviceCountForSubtotal(packagePrice: Cents, subtotal: Cents, currency: CurrencyCode = DEFAULT_CURRENCY): number | null {
  for (let devices = MIN_DEVICES; devices <= MAX_DEVICES; devices++) {
    if (packagePrice + deviceFeeIn(devices, currency) === subtotal) return devices;
  }
  return null;
}
