import { formatDollars } from './money';

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

/**
 * An amount as the store's English sentences write it to a customer (a coupon's minimum
 * order, decision 0113): the spec's '$25.00' in USD, '€25.00', '£25.00', 'R$25.00' in the
 * others. readEnglishAmount reads it back, so that the sentence's translation can say it in
 * the reader's language.
 */
export function englishAmount(amount: Money): string {
  return amount.currency === DEFAULT_CURRENCY ? formatDollars(amount.minor) : formatForAdmin(amount);
}

/** Each currency by the sign an English amount starts with: '$', '€', '£', 'R$'. */
const ENGLISH_SIGNS = new Map(SUPPORTED_CURRENCIES.map((currency) => [formatForAdmin(money(0, currency)).replace(/[\d.,]/g, ''), currency]));
const ENGLISH_AMOUNT = new RegExp(
  `^(-)?(${[...ENGLISH_SIGNS.keys()].map((sign) => sign.replace(/\$/g, '\\$')).join('|')})(\\d{1,3}(?:,\\d{3})+|\\d+)\\.(\\d{2})$`,
);

/** The amount `text` is when it is written as englishAmount or formatForAdmin write one ('€1,250.00'), else null. */
export function readEnglishAmount(text: string): Money | null {
  const found = ENGLISH_AMOUNT.exec(text);
  if (!found) return null;
  const [, sign, symbol = '', whole = '', fraction = ''] = found;
  const minor = Number(whole.replaceAll(',', '')) * 100 + Number(fraction);
  const currency = ENGLISH_SIGNS.get(symbol);
  if (!currency || !Number.isSafeInteger(minor)) return null;
  return money(sign ? -minor : minor, currency);
}
