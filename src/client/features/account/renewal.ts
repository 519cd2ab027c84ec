import { z } from 'zod';
import type { CustomerProfile } from '#contract/accounts';
import { GIFT_CARD_REQUIRED_MESSAGE, type CheckoutRequest } from '#contract/checkout';
import type { Package } from '#contract/packages';
import type { Subscription } from '#contract/subscriptions';
import { canonicalPackageId, DEVICE_OPTIONS, GIFT_CARDS, MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import type { CurrencyCode } from '#domain/currencies';
import { deviceOptionLabel } from '../../lib/device-options';
import { priceText } from '../../lib/price-text';

/** The Renew Subscription dialog's form (spec section 5 "Account order form" and "Renewal"). */
export const renewalFormSchema = z.object({
  packageId: z.string().min(1, 'Package is required'),
  deviceCount: z.enum(DEVICE_OPTIONS.map(String) as [string, ...string[]], { error: 'Device count is required' }),
  selectedGiftCard: z.enum(GIFT_CARDS, { error: GIFT_CARD_REQUIRED_MESSAGE }),
});
export type RenewalForm = z.input<typeof renewalFormSchema>;
export type RenewalValues = z.output<typeof renewalFormSchema>;

/**
 * Packages that can extend a subscription: paid ones without a box to ship. The free
 * trial is once per email and the box needs a delivery address the dialog does not ask.
 */
export function renewalPackages<T extends Pick<Package, 'price' | 'requiresShipping'>>(packages: readonly T[]): T[] {
  return packages.filter((pkg) => pkg.price !== '0.00' && !pkg.requiresShipping);
}

/** The subscription's own package when it can be bought again; otherwise the most popular one. */
export function initialRenewalPackageId(subscription: Pick<Subscription, 'package'>, options: readonly Pick<Package, 'id' | 'popular'>[]): string {
  const own = canonicalPackageId(subscription.package.id);
  return (options.find((pkg) => canonicalPackageId(pkg.id) === own) ?? options.find((pkg) => pkg.popular) ?? options[0])?.id ?? '';
}

export function initialDeviceCount(subscription: Pick<Subscription, 'deviceCount'>): string {
  return String(Math.min(MAX_DEVICES, Math.max(MIN_DEVICES, subscription.deviceCount)));
}

/**
 * A package as the dialog offers it: '1 Month Premium - $15.99', priced in the buyer's currency,
 * the one the checkout it leads to charges (decision 0114).
 */
export function renewalOptionLabel(pkg: Pick<Package, 'name' | 'price' | 'currency'>, currency: CurrencyCode): string {
  return `${pkg.name} - ${priceText(pkg.price, pkg.currency ?? currency)}`;
}

/** The device counts the dialog offers, each with its fee in the buyer's currency: '2 devices (+$5.99)'. */
export const renewalDeviceOptions = (currency: CurrencyCode) => DEVICE_OPTIONS.map((count) => ({ value: String(count), label: deviceOptionLabel(count, currency) }));

/** The renewal payload of spec section 3, naming the subscription it extends, in the currency the dialog showed. */
export function renewalPayload(
  form: RenewalValues,
  customer: Pick<CustomerProfile, 'firstName' | 'lastName' | 'email' | 'phone'>,
  subscriptionId: string,
  currency: CurrencyCode,
): CheckoutRequest & { deviceCount: string } {
  return {
    packageId: form.packageId,
    deviceCount: form.deviceCount,
    selectedGiftCard: form.selectedGiftCard,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    renewsSubscriptionId: subscriptionId,
    currency,
  };
}
