/** Constants of the catalog and the store's fixed lists (spec sections 3 and 9). */

export const EXTRA_DEVICE_FEE_CENTS = 599;
export const MIN_DEVICES = 1;
export const MAX_DEVICES = 4;
export const DEVICE_OPTIONS = [1, 2, 3, 4] as const;

/** The free trial is identified by its price being exactly '0.00'. */
export const FREE_PRICE = '0.00';
export const TRIAL_PACKAGE_ID = 'trial-36h';
/** The renewal list of the spec's client names the trial this way. */
export const TRIAL_PACKAGE_ALIAS = '36-hour-trial';
export const STREAMING_BOX_ID = 'streaming-box';

export const EXPIRING_SOON_DAYS = 7;

export const SHIPPING_COUNTRIES = ['US', 'CA'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];
export const DEFAULT_COUNTRY: ShippingCountry = 'US';

/** The 36-Hour Free Trial as checkout?trial=true puts it in the cart (spec section 2). */
export const TRIAL_CART_PACKAGE = {
  id: TRIAL_PACKAGE_ID,
  name: '36-Hour Free Trial',
  duration: '36 hours',
  price: FREE_PRICE,
  cashback: '0.00',
  popular: false,
  features: [
    '18,000+ channels',
    '4K Ultra HD',
    '1 device only',
    '100,000+ VOD',
    'Full channel lineup',
    'Electronic program guide',
    '24/7 support',
    'No credit card required',
  ],
} as const;

/** The gift cards a buyer may choose as cashback, in the spec's order. */
export const GIFT_CARDS = [
  'VISA E-Gift Card',
  'Walmart',
  'Bass Pro',
  'Fanatics',
  'Amazon',
  'Apple',
  'Google Play',
  'Target',
  'Speedway',
  'Wawa',
  'Groupon',
  'Lyft',
  'Uber',
  'Uber Eats',
  'GrubHub',
  'DoorDash',
  "Jersey Mike's",
  'Panda Express',
  'Chewy',
  "Papa John's",
  "Domino's",
  'Darden',
  'Outback',
  'Home Depot',
] as const;

/** Resolves the text ids the spec's client uses to the id of the stored package. */
export function canonicalPackageId(id: string): string {
  return id === TRIAL_PACKAGE_ALIAS ? TRIAL_PACKAGE_ID : id;
}

/**
 * The package a subscription of `pkg` renews as: itself, or for a package that ships a box
 * (the box with its first period), the subscription alone: the paid package of the same
 * duration that ships nothing, among `packages` (those on sale). Null when nothing renews it
 * (the trial, or no such package on sale). Checkout's "Renew automatically" and the
 * automatic renewal's order both ask this, so the price offered is the price charged.
 */
export function renewsAs<P extends { duration: string; price: string; requiresShipping: boolean }>(pkg: P, packages: readonly P[]): P | null {
  if (pkg.price === FREE_PRICE) return null;
  if (!pkg.requiresShipping) return pkg;
  const period = (duration: string) => duration.trim().toLowerCase();
  return packages.find((other) => !other.requiresShipping && other.price !== FREE_PRICE && period(other.duration) === period(pkg.duration)) ?? null;
}
