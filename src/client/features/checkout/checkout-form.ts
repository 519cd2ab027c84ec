import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutInput, CheckoutRequest } from '#contract/checkout';
import type { CreateCryptoPaymentRequest } from '#contract/crypto';
import { DEFAULT_COUNTRY, type ShippingCountry } from '#domain/catalog';
import type { CurrencyCode } from '#domain/currencies';
import { browserTimeZone } from '../../lib/browser-time-zone';
import type { CartItem } from '../../lib/cart-store';

/** The checkout form as its inputs hold it: text, and the device count as the select's '1'..'4'. */
export interface CheckoutFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  packageId: string;
  paymentMethod: 'card' | 'crypto';
  deviceCount: string;
  selectedGiftCard: string;
  shippingAddress: string;
  shippingCity: string;
  shippingState: string;
  shippingZip: string;
  shippingCountry: ShippingCountry;
  /** MAG / Enigma2 boxes by MAC address, each in the place of one of the devices. */
  setTopBoxes: { mac: string }[];
  /** "Renew automatically" (decision 0044): unticked until the buyer ticks it. */
  autoRenew: boolean;
}

export type CheckoutForm = UseFormReturn<CheckoutFormValues, unknown, CheckoutInput>;

export interface Prefill {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
}

export function defaultFormValues(item: CartItem, customer: Prefill | null): CheckoutFormValues {
  return {
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    packageId: item.id,
    paymentMethod: 'card',
    deviceCount: String(item.deviceCount ?? 1),
    selectedGiftCard: item.selectedGiftCard ?? '',
    shippingAddress: '',
    shippingCity: '',
    shippingState: '',
    shippingZip: '',
    shippingCountry: DEFAULT_COUNTRY,
    setTopBoxes: [],
    autoRenew: false,
  };
}

interface OrderExtras {
  couponCode: string | null;
  currency: CurrencyCode;
  /** Set when the cart holds a renewal from the account page. */
  renewsSubscriptionId?: string | undefined;
}

/** POST /api/checkout's body from the validated form, with the browser's zone for the buyer's dates (decision 0074) and the page's currency (0108). */
export function checkoutRequest(order: CheckoutInput, extras: OrderExtras): CheckoutRequest {
  return { ...order, couponCode: extras.couponCode, renewsSubscriptionId: extras.renewsSubscriptionId ?? null, timeZone: browserTimeZone(), currency: extras.currency };
}

/** POST /api/create-crypto-payment's body: the spec's fields plus devices, coupon, gift card and shipping. */
export function cryptoPaymentRequest(order: CheckoutInput, extras: OrderExtras): CreateCryptoPaymentRequest {
  // The payment method and automatic renewal are destructured only to leave them out: this call is crypto.
  const { firstName, lastName, email, phone, paymentMethod, autoRenew, ...rest } = checkoutRequest(order, extras);
  return { ...rest, customerData: { firstName, lastName, email, phone }, paymentCurrency: 'usdc' };
}
