import { getQueryFn } from './api';
import { queryKeys } from './query-keys';

/** The landing page starts without zod (decision 0024): the list's schema loads beside its call. */
const packageListSchema = () => import('#contract/packages').then((contract) => contract.packageListSchema);

/** The packages on sale, as the server lists them: the one query every page asks them with (lib/use-packages.ts sorts them). */
export const packagesQuery = { queryKey: queryKeys.packages, queryFn: getQueryFn({ schema: packageListSchema }) };
