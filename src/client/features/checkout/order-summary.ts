import type { OrderSummary } from '#contract/checkout';
import { parseMoney } from '#domain/money';
import { deviceFee, priceOrder, type PriceBreakdown } from '#domain/pricing';

/** A coupon as the coupon check returned it (spec section 3). */
export interface AppliedCoupon {
  code: string;
  description: string;
  discountAmount: string;
}

/**
 * The Order Summary's figures before the order exists: the cart's price, the device fee
 * and the quoted discount. Display only; the server prices the order itself (D5).
 */
export function estimateOrder(price: string, deviceCount: number, coupon: AppliedCoupon | null): PriceBreakdown {
  return priceOrder(parseMoney(price), deviceCount, coupon ? parseMoney(coupon.discountAmount) : 0);
}

/** The figures of an order the server has priced, in the same shape. */
export function placedOrderFigures(order: OrderSummary): PriceBreakdown {
  const subtotal = parseMoney(order.subtotalAmount);
  const fee = deviceFee(order.deviceCount);
  const total = parseMoney(order.totalAmount);
  return { packagePrice: subtotal - fee, deviceFee: fee, subtotal, discount: parseMoney(order.couponDiscount), total, isFree: total <= 0 };
}

