import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { parseMoney, type Cents } from '#domain/money';
import { priceOrder } from '#domain/pricing';
import type { DbOrTx } from '#server/db/connect';
import { packageIn, type PackageRow } from '#server/features/catalog/index';

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
 * The price a renewal is quoted at (an email, the account page's next charge): in the
 * subscription's currency; in USD, the list every package has, when that currency's list lacks
 * the package (it is then not renewed in it, and bought again by hand). `listed` says which.
 */
export async function renewalQuote(db: DbOrTx, pkg: Pick<PackageRow, 'id' | 'price'>, deviceCount: number, currency: CurrencyCode) {
  const cents = await renewalCentsIn(db, pkg, deviceCount, currency);
  if (cents !== null) return { currency, renewalCents: cents, listed: true };
  return { currency: DEFAULT_CURRENCY, renewalCents: priceOrder(parseMoney(pkg.price), deviceCount).total, listed: false };
}
