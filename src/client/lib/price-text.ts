import { DEFAULT_CURRENCY, formatPrice, money, type CurrencyCode, type Money } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import { deviceFeeIn } from '#domain/pricing';
import { amountInLine } from '#domain/locales';
import { pageLocale } from './i18n';

/**
 * An amount as a reader of the page's language writes it in its currency: "$15.99", "R$ 79,90",
 * "14,99 €"; isolated left to right on a right-to-left page (amountInLine).
 */
export function amountText(amount: Money): string {
  const locale = pageLocale();
  return amountInLine(locale, formatPrice(amount, locale));
}

/** A price as the API spells it ('15.99') in its currency; a cart stored before currencies existed holds dollars. */
export function priceText(price: string, currency: CurrencyCode = DEFAULT_CURRENCY): string {
  return amountText(money(parseMoney(price), currency));
}

/** A gift-card cashback: a gift card valued in dollars whatever the order's currency (decision 0104), so said in dollars. */
export function cashbackText(cashback: string): string {
  return priceText(cashback, DEFAULT_CURRENCY);
}

/**
 * The fee of each device beyond the first in `currency`: "$5.99", "R$ 29,99". Here, not beside
 * the devices selects' labels: the landing page names it, and its first JavaScript carries no
 * ICU formatter, which those labels need (decision 0114).
 */
export const extraDeviceFeeText = (currency: CurrencyCode) => amountText(money(deviceFeeIn(2, currency), currency));
