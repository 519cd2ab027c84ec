import { DEFAULT_CURRENCY, type CurrencyCode } from '#domain/currencies';
import { api, ApiError } from './api';
import { apiRoutes } from './api-routes';
import { refuseCurrency } from './buyer-currency';
import { queryKeys } from './query-keys';

/** The landing page starts without zod (decision 0024): the list's schema loads beside its call. */
const packageListSchema = () => import('#contract/packages').then((contract) => contract.packageListSchema);

/** USD is asked as the spec asks it, without a parameter; another currency by name (decision 0104). */
const packagesPath = (currency: CurrencyCode) => (currency === DEFAULT_CURRENCY ? apiRoutes.packages : `${apiRoutes.packages}?currency=${currency}`);

/**
 * The packages on sale priced in `currency`, as the server lists them: the one query every page
 * asks them with (lib/use-packages.ts sorts them). A currency the server refuses (turned off)
 * is noted, so that the buyer's currency falls back to USD (decision 0108).
 */
export function packagesQuery(currency: CurrencyCode) {
  return {
    queryKey: queryKeys.packages(currency),
    queryFn: async () => {
      try {
        return await api(packagesPath(currency), { schema: packageListSchema });
      } catch (error) {
        if (error instanceof ApiError && error.status === 400 && currency !== DEFAULT_CURRENCY) refuseCurrency(currency);
        throw error;
      }
    },
  };
}
