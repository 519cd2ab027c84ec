import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import type { Locale } from '#domain/locales';
import { parseMoney, type Cents } from '#domain/money';
import { priceOrder } from '#domain/pricing';
import type { DbOrTx } from '#server/db/connect';
import { packageIn, type PackageRow } from '#server/features/catalog/index';
import { localeOr } from '#server/lib/i18n/index';
import { lastPaidOrder } from './crypto-invoices';

/**
 * The language and currency a subscription's renewals and their emails are in (decisions 0104,
 * 0107): its last paid order's (the first order, or a renewal's); without one, the customer's
 * saved language, else English, and USD.
 */
export async function termsOfSubscription(db: DbOrTx, subscriptionId: string, customerLocale: string | null): Promise<{ locale: Locale; currency: CurrencyCode }> {
  const last = await lastPaidOrder(db, subscriptionId);
  return { locale: localeOr(last?.locale, customerLocale), currency: last?.currency ?? DEFAULT_CURRENCY };
}

/** The language alone, for the emails that name no amount. */
export async function localeOfSubscription(db: DbOrTx, subscriptionId: string, customerLocale: string | null): Promise<Locale> {
  return (await termsOfSubscription(db, subscriptionId, customerLocale)).locale;
}

/**
 * What renewing a package's devices costs today in `currency`: its price in that currency's
 * list with that currency's device fee (decision 0104); null when the list lacks the package,
 * which is then not renewed in it.
 */
export async function renewalCentsIn(db: DbOrTx, pkg: Pick<PackageRow, 'id' | 'price'>, deviceCount: number, currency: CurrencyCode): Promise<Cents | null> {
  const priced = await packageIn(db, pkg, currency);
  return priced && priceOrder(parseMoney(priced.price), deviceCount, 0, currency).total;
}

/**
 * The price an email quotes for renewing: in the subscription's currency; in USD, the list
 * every package has, when that currency's list lacks the package (it is then not renewed in it,
 * and bought again by hand). `listed` says which.
 */
export async function renewalQuote(db: DbOrTx, pkg: Pick<PackageRow, 'id' | 'price'>, deviceCount: number, currency: CurrencyCode) {
  const cents = await renewalCentsIn(db, pkg, deviceCount, currency);
  if (cents !== null) return { currency, renewalCents: cents, listed: true };
  return { currency: DEFAULT_CURRENCY, renewalCents: priceOrder(parseMoney(pkg.price), deviceCount).total, listed: false };
}
