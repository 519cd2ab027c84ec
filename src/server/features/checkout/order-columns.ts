import type { CheckoutInput } from '#contract/checkout';
import { formatMoney } from '#domain/money';
import type { PricedCheckout } from './pricing';

/**
 * What the order records of the form and its price, as the orders feature's insert takes it;
 * the place-order workflow adds the order's id, its customer and the attempt's key.
 */
export function orderColumns(input: CheckoutInput, { pkg, currency, pricing, couponCode }: PricedCheckout) {
  const shipping = pkg.requiresShipping;
  // An order that costs nothing after its coupon earns no cashback and no gift card (decision 0020); nor does the trial.
  const earnsGiftCard = !pricing.isFree;
  return {
    customerName: `${input.firstName} ${input.lastName}`,
    customerEmail: input.email.toLowerCase(),
    customerPhone: input.phone,
    packageId: pkg.id,
    selectedGiftCard: earnsGiftCard ? (input.selectedGiftCard ?? null) : null,
    paymentMethod: pricing.isFree ? ('free' as const) : input.paymentMethod,
    deviceCount: String(input.deviceCount),
    couponCode,
    couponDiscount: formatMoney(pricing.discount),
    couponReserved: couponCode !== null,
    subtotalAmount: formatMoney(pricing.subtotal),
    totalAmount: formatMoney(pricing.total),
    cashbackAmount: earnsGiftCard ? pkg.cashback : '0.00',
    requiresShipping: shipping,
    shippingAddress: shipping ? input.shippingAddress : null,
    shippingCity: shipping ? input.shippingCity : null,
    shippingState: shipping ? input.shippingState : null,
    shippingZip: shipping ? input.shippingZip : null,
    shippingCountry: input.shippingCountry,
    renewsSubscriptionId: input.renewsSubscriptionId,
    autoRenew: input.autoRenew,
    setTopBoxMacs: input.setTopBoxes.map((box) => box.mac),
    currency,
  };
}
