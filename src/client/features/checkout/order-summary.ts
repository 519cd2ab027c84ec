import type { OrderSummary } from '#contract/checkout';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import { deviceFeeIn, priceOrder, type PriceBreakdown } from '#domain/pricing';

/** A coupon as the coupon check returned it (spec section 3). */
export interface AppliedCoupon {
  code: string;
  description: string;
  discountAmount: string;
}

/**
 * The Order Summary's figures before the order exists: the cart's price, the device fee
 * and the quoted discount, in the cart's currency. Display only; the server prices the order itself (D5).
 */
export function estimateOrder(price: string, deviceCount: number, coupon: AppliedCoupon | null, currency: CurrencyCode = DEFAULT_CURRENCY): PriceBreakdown {
  return priceOrder(parseMoney(price), deviceCount, coupon ? parseMoney(coupon.discountAmount) : 0, currency);
}

/** The figures of an order the server has priced, in the same shape, in its currency (USD when it names none). */
export function placedOrderFigures(order: Omit<OrderSummary, 'currency'> & Partial<Pick<OrderSummary, 'currency'>>): PriceBreakdown {
  const subtotal = parseMoney(order.subtotalAmount);
  const fee = deviceFeeIn(order.deviceCount, order.currency ?? DEFAULT_CURRENCY);
  const total = parseMoney(order.totalAmount);
  return { packagePrice: subtotal - fee, deviceFee: fee, subtotal, discount: parseMoney(order.couponDiscount), total, isFree: total <= 0 };
}

