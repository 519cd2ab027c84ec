import { useQuery } from '@tanstack/react-query';
import type { Package } from '#contract/packages';
import { FREE_PRICE } from '#domain/catalog';
import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { parseMoney } from '#domain/money';
import { packagesQuery } from './packages-query';

export const isFreePackage = (pkg: Pick<Package, 'price'>) => pkg.price === FREE_PRICE;

/** The free package first, then ascending by price (spec section 2). */
export function sortPackages<T extends Pick<Package, 'price'>>(packages: readonly T[]): T[] {
  return [...packages].sort((a, b) => {
    if (isFreePackage(a) !== isFreePackage(b)) return isFreePackage(a) ? -1 : 1;
    return parseMoney(a.price) - parseMoney(b.price);
  });
}

/**
 * The packages on sale in `currency` (USD unless asked: the account's renewal list is priced in
 * dollars); `enabled: false` asks nothing until it is needed (checkout asks only for a box's renewal).
 */
export function usePackages({ enabled = true, currency = DEFAULT_CURRENCY }: { enabled?: boolean; currency?: CurrencyCode } = {}) {
  return useQuery({ ...packagesQuery(currency), select: sortPackages, enabled });
}
