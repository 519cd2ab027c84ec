import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { FREE_PRICE } from '#domain/catalog';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
import { invalid } from '#domain/errors';
import { DEFAULT_CURRENCY_STAYS_ON, PAID_PACKAGE_NOT_FREE, type AdminCurrency, type AdminPackage, type PackageChanges } from '#contract/admin-packages';
import type { DbOrTx } from '#server/db/connect';
import { packagePrices, packages, storeCurrencies } from './schema';

type PackageRow = typeof packages.$inferSelect;

/** The 400 for a currency the store does not sell in now, naming those it does (decision 0104). */
export function unsupportedCurrencyMessage(enabled: readonly CurrencyCode[]): string {
  return `Unsupported currency. Supported currencies: ${enabled.join(', ')}`;
}

/** A package the price list of a currency leaves out: never sold at another currency's number (decision 0104). */
export function notSoldInMessage(name: string, currency: CurrencyCode): string {
  return `${name} is not available in ${currency}`;
}

/** The currencies the store sells in now, in the store's order (USD first). */
export async function enabledCurrencies(db: DbOrTx): Promise<CurrencyCode[]> {
  // A currency is on until the owner turns it off: the table keeps only their settings.
  const rows = await db.select({ currency: storeCurrencies.currency }).from(storeCurrencies).where(eq(storeCurrencies.enabled, false));
  const off = new Set<CurrencyCode>(rows.map((row) => row.currency));
  // USD is the store's default and cannot be turned off (the table's check says so too).
  return SUPPORTED_CURRENCIES.filter((currency) => currency === DEFAULT_CURRENCY || !off.has(currency));
}

/**
 * The currency a request names, once the store sells in it; USD when it names none. Written
 * in any case ('eur' is EUR). Anything else is a 400 naming the enabled ones.
 */
export function currencyOf(requested: string | null | undefined, enabled: readonly CurrencyCode[]): CurrencyCode {
  if (requested === undefined || requested === null) return DEFAULT_CURRENCY;
  const code = requested.trim().toUpperCase();
  const match = enabled.find((currency) => currency === code);
  if (!match) throw invalid(unsupportedCurrencyMessage(enabled));
  return match;
}

/** As currencyOf, reading the enabled currencies now. */
export async function requireCurrency(db: DbOrTx, requested: string | null | undefined): Promise<CurrencyCode> {
  if (requested === undefined || requested === null) return DEFAULT_CURRENCY;
  return currencyOf(requested, await enabledCurrencies(db));
}

/**
 * The packages' rows priced in `currency`: `price` is that currency's. A paid package with
 * no price in it is left out, so that it is neither shown nor charged at another currency's
 * number; the free trial costs nothing in every currency.
 */
export async function pricedIn<P extends Pick<PackageRow, 'id' | 'price'>>(db: DbOrTx, rows: readonly P[], currency: CurrencyCode): Promise<P[]> {
  if (currency === DEFAULT_CURRENCY) return [...rows];
  const paid = rows.filter((row) => row.price !== FREE_PRICE).map((row) => row.id);
  const prices =
    paid.length === 0
      ? []
      : await db
          .select({ packageId: packagePrices.packageId, price: packagePrices.price })
          .from(packagePrices)
          .where(and(eq(packagePrices.currency, currency), inArray(packagePrices.packageId, paid)))
          .orderBy(asc(packagePrices.packageId));
  const priceOf = new Map(prices.map((row) => [row.packageId, row.price]));
  return rows.flatMap((row) => {
    if (row.price === FREE_PRICE) return [row];
    const price = priceOf.get(row.id);
    return price === undefined ? [] : [{ ...row, price }];
  });
}

/** One package priced in `currency`, or null when it has no price in it. */
export async function packageIn<P extends Pick<PackageRow, 'id' | 'price'>>(db: DbOrTx, row: P, currency: CurrencyCode): Promise<P | null> {
  const [priced] = await pricedIn(db, [row], currency);
  return priced ?? null;
}

type ListPrices = NonNullable<AdminPackage['prices']>;
const LIST_CURRENCIES = ['EUR', 'GBP', 'BRL'] as const satisfies readonly (keyof ListPrices)[];
const NO_PRICES: ListPrices = { EUR: null, GBP: null, BRL: null };

/** Each package's prices in the listed currencies, by package id (a package with none is absent). */
export async function listPricesOf(db: DbOrTx, packageIds?: readonly string[]): Promise<Map<string, ListPrices>> {
  const rows = await db
    .select({ packageId: packagePrices.packageId, currency: packagePrices.currency, price: packagePrices.price })
    .from(packagePrices)
    .where(packageIds ? inArray(packagePrices.packageId, [...packageIds]) : undefined);
  const byPackage = new Map<string, ListPrices>();
  for (const row of rows) {
    if (row.currency === DEFAULT_CURRENCY) continue;
    byPackage.set(row.packageId, { ...(byPackage.get(row.packageId) ?? NO_PRICES), [row.currency]: row.price });
  }
  return byPackage;
}

export const pricesOf = (byPackage: Map<string, ListPrices>, packageId: string): ListPrices => byPackage.get(packageId) ?? NO_PRICES;

/**
 * An administrator's prices for a package in the listed currencies, in their transaction: a
 * price sets it, null takes the package out of that currency's list. The free trial is free
 * in every currency, and a paid package is never 0.00 in one. Returns the prices before and
 * after, each holding only the currencies that changed (for the audit row).
 */
export async function setListPrices(
  tx: DbOrTx,
  pkg: Pick<PackageRow, 'id' | 'price'>,
  changes: NonNullable<PackageChanges['prices']>,
): Promise<{ prices: ListPrices; before: Partial<ListPrices>; after: Partial<ListPrices> }> {
  const current = pricesOf(await listPricesOf(tx, [pkg.id]), pkg.id);
  const before: Partial<ListPrices> = {};
  const after: Partial<ListPrices> = {};
  for (const currency of LIST_CURRENCIES) {
    const next = changes[currency];
    if (next === undefined || next === current[currency]) continue;
    if (pkg.price === FREE_PRICE && next !== null) throw invalid('The free trial stays free: it has no price in other currencies');
    if (next === FREE_PRICE) throw invalid(PAID_PACKAGE_NOT_FREE);
    before[currency] = current[currency];
    after[currency] = next;
    if (next === null) {
      await tx.delete(packagePrices).where(and(eq(packagePrices.packageId, pkg.id), eq(packagePrices.currency, currency)));
    } else {
      await tx
        .insert(packagePrices)
        .values({ packageId: pkg.id, currency, price: next })
        .onConflictDoUpdate({ target: [packagePrices.packageId, packagePrices.currency], set: { price: next, updatedAt: sql`now()` } });
    }
  }
  return { prices: { ...current, ...after }, before, after };
}

/** Every currency the store can sell in, and whether it does now. */
export async function adminCurrencies(db: DbOrTx): Promise<AdminCurrency[]> {
  const enabled = await enabledCurrencies(db);
  return SUPPORTED_CURRENCIES.map((currency) => ({ currency, enabled: enabled.includes(currency) }));
}

/** Turns a currency on or off, in the administrator's transaction; says whether it was on before. */
export async function setCurrencyEnabled(tx: DbOrTx, currency: CurrencyCode, enabled: boolean): Promise<boolean> {
  if (currency === DEFAULT_CURRENCY && !enabled) throw invalid(DEFAULT_CURRENCY_STAYS_ON);
  const wasEnabled = (await enabledCurrencies(tx)).includes(currency);
  await tx
    .insert(storeCurrencies)
    .values({ currency, enabled })
    .onConflictDoUpdate({ target: storeCurrencies.currency, set: { enabled, updatedAt: sql`now()` } });
  return wasEnabled;
}
