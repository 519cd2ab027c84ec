import type { AdminPackage } from '#contract/admin-packages';
import { formatAmount } from '../shared/admin-view';

/**
 * A package's prices beside its USD one, as the Packages tab shows and edits them (decision
 * 0104): set by the owner per currency, never converted; no price in a currency is not sold
 * in it. Pure: no I/O, no React.
 */

export const LIST_CURRENCIES = ['EUR', 'GBP', 'BRL'] as const;
export type ListCurrency = (typeof LIST_CURRENCIES)[number];
export type ListPrices = Record<ListCurrency, string | null>;

const NO_PRICES: ListPrices = { EUR: null, GBP: null, BRL: null };
const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;

/** What a package sells for in each listed currency; a package a page built before price lists has none. */
export const listPricesOf = (pkg: Pick<AdminPackage, 'prices'>): ListPrices => pkg.prices ?? NO_PRICES;

/** The table's line of the other prices: '€14.99 · £12.99 · BRL —', a dash where the package is not sold. */
export function listPricesLine(pkg: Pick<AdminPackage, 'prices'>): string {
  const prices = listPricesOf(pkg);
  return LIST_CURRENCIES.map((currency) => {
    const price = prices[currency];
    return price === null ? `${currency} —` : formatAmount(price, currency);
  }).join(' · ');
}

/** The field's label, and the first words of the server's messages about it ('Price in EUR must be ...'). */
export const listPriceLabel = (currency: ListCurrency) => `Price in ${currency}`;

/**
 * A typed price's fault, in the server's words, or null: an amount such as 12.34 above zero,
 * or blank, which takes the package out of that currency's list.
 */
export function listPriceError(typed: string, currency: ListCurrency): string | null {
  const text = typed.trim();
  if (text === '') return null;
  if (!AMOUNT.test(text)) return `${listPriceLabel(currency)} must be an amount such as 12.34`;
  if (Number(text) === 0) return `${listPriceLabel(currency)} must be more than 0.00, or blank to stop selling the package in ${currency}`;
  return null;
}

/** '14.9' as the API spells it back ('14.90'), so that retyping the same price is no change. */
function asMoney(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${Number(whole)}.${fraction.padEnd(2, '0')}`;
}

/**
 * The PATCH's `prices`: only the currencies whose typed price differs from the package's,
 * blank as null; undefined when none changed (the free trial, which has none, sends nothing).
 */
export function listPriceChanges(pkg: Pick<AdminPackage, 'prices'>, typed: Record<ListCurrency, string>): Partial<ListPrices> | undefined {
  const current = listPricesOf(pkg);
  const changes: Partial<ListPrices> = {};
  for (const currency of LIST_CURRENCIES) {
    const text = typed[currency].trim();
    const next = text === '' ? null : asMoney(text);
    if (next !== current[currency]) changes[currency] = next;
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
