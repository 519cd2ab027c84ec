import {
  AUTO_RENEW_NOT_FOR_FREE_ORDER_MESSAGE,
  AUTO_RENEW_NOT_FOR_TRIAL_MESSAGE,
  GIFT_CARD_REQUIRED_MESSAGE,
  hasShippingAddress,
  SHIPPING_REQUIRED_MESSAGE,
  type CheckoutInput,
} from '#contract/checkout';
import { FREE_PRICE } from '#domain/catalog';
import { invalid } from '#domain/errors';
import { parseMoney, type Cents } from '#domain/money';
import { priceOrder, type PriceBreakdown } from '#domain/pricing';
import type { DbOrTx } from '#server/db/connect';
import type { CurrencyCode } from '#domain/currencies';
import { findPackage, notSoldInMessage, packageIn, requireCurrency, type PackageRow } from '#server/features/catalog/index';

/** The form's package, checked against the form, and its price before any coupon; the browser's numbers play no part (D5). */
export interface CheckoutQuote {
  /** The package, its price that of the order's currency (decision 0104). */
  pkg: PackageRow;
  currency: CurrencyCode;
  isTrial: boolean;
  subtotal: Cents;
  /** The code the coupons feature is to check against the subtotal; null when none was sent or nothing is left to discount. */
  couponCode: string | null;
}

export interface PricedCheckout {
  pkg: PackageRow;
  /** The currency of every amount of `pricing` and of the order. */
  currency: CurrencyCode;
  pricing: PriceBreakdown;
  /** The accepted coupon's code as the coupons feature stores it. */
  couponCode: string | null;
  isTrial: boolean;
}

export async function quoteCheckout(db: DbOrTx, input: CheckoutInput): Promise<CheckoutQuote> {
  const currency = await requireCurrency(db, input.currency);
  const listed = await findPackage(db, input.packageId);
  if (!listed) throw invalid('Unknown package');
  const pkg = await packageIn(db, listed, currency);
  if (!pkg) throw invalid(notSoldInMessage(listed.name, currency));
  if (input.deviceCount > pkg.devices) {
    throw invalid(`${pkg.name} allows at most ${pkg.devices} device${pkg.devices === 1 ? '' : 's'}`);
  }
  if (pkg.requiresShipping && !hasShippingAddress(input)) throw invalid(SHIPPING_REQUIRED_MESSAGE);
  const isTrial = pkg.price === FREE_PRICE;
  if (!isTrial && !input.selectedGiftCard) throw invalid(GIFT_CARD_REQUIRED_MESSAGE);
  const { subtotal } = priceOrder(parseMoney(pkg.price), input.deviceCount, 0, currency);
  // A free package has nothing to discount: a coupon sent with it is dropped, not counted.
  return { pkg, currency, isTrial, subtotal, couponCode: input.couponCode && subtotal !== 0 ? input.couponCode : null };
}

/** The quote priced with the coupon the coupons feature accepted, or with none. */
export function priceQuote(quote: CheckoutQuote, deviceCount: number, coupon: { code: string; discount: Cents } | null): PricedCheckout {
  const pricing = priceOrder(parseMoney(quote.pkg.price), deviceCount, coupon?.discount, quote.currency);
  return { pkg: quote.pkg, currency: quote.currency, pricing, couponCode: coupon?.code ?? null, isTrial: quote.isTrial };
}

/** "Renew automatically" keeps a paying card: an order that pays nothing has none to keep. */
export function refuseAutoRenewWithoutPayment(input: CheckoutInput, priced: PricedCheckout): void {
  if (input.autoRenew && priced.isTrial) throw invalid(AUTO_RENEW_NOT_FOR_TRIAL_MESSAGE);
  if (input.autoRenew && priced.pricing.isFree) throw invalid(AUTO_RENEW_NOT_FOR_FREE_ORDER_MESSAGE);
}
