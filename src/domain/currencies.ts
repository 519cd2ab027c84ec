/**
 * The currencies a store may sell in (decision 0104). Each package has its own price in
 * each (a price list, never an exchange rate at checkout), and an amount is never added to
 * one in another currency. USD is the store's default: an answer without a currency is in
 * USD, as the spec's are.
 */
export const SUPPORTED_CURRENCIES = ['USD', 'EUR', 'GBP', 'BRL'] as const;
export type CurrencyCode = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/**
 * The currency of every cashback, whatever the order's: the owner buys the gift cards in US
 * dollars, so a price list in another currency does not change the card (decision 0110).
 */
export const CASHBACK_CURRENCY = 'USD' satisfies CurrencyCode;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (SUPPORTED_CURRENCIES as readonly string[]).includes(value);
}

/**
 * An amount in a currency's minor units (cents, centavos, pence), with its currency: all
 * four supported currencies have two decimals.
 */
export interface Money {
  readonly minor: number;
  readonly currency: CurrencyCode;
}

export function money(minor: number, currency: CurrencyCode): Money {
  if (!Number.isSafeInteger(minor)) throw new Error(`Not a whole number of minor units: ${minor}`);
  return { minor, currency };
}

/** Adds amounts of one currency; refuses to add across currencies. */
export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new Error(`Cannot add ${b.currency} to ${a.currency}`);
  return money(a.minor + b.minor, a.currency);
}

/** An amount as a reader of `locale` writes it: "$15.99", "15,99 €", "R$ 15,99". */
export function formatPrice(amount: Money, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: amount.currency }).format(amount.minor / 100);
}

/**
 * An amount as the admin's pages and messages write it, in English whatever the currency
 * (decision 0105): '$10.99' as USD amounts always read, '€10.99', '£10.99', 'R$10.99'.
 */
export const formatForAdmin = (amount: Money): string => formatPrice(amount, 'en-US');
