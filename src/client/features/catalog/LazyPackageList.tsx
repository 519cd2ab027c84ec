import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useBuyerCurrency } from '../../lib/buyer-currency';
import { packagesQuery } from '../../lib/packages-query';
import { PackageListLoading } from './PackageListLoading';

const PackageList = lazy(() => import('./PackageList').then((module) => ({ default: module.PackageList })));

/**
 * The landing page's package cards, whose code loads beside the packages' answer and its
 * schema rather than with the page: the cards cannot show before that answer anyway, so the
 * page's first JavaScript leaves them out (decision 0082). The request for the packages
 * leaves at once, not after the list's code, in the buyer's currency known before it leaves
 * (decision 0108): no list in another currency is shown first.
 */
export function LazyPackageList() {
  useQuery(packagesQuery(useBuyerCurrency()));
  return (
    <Suspense fallback={<PackageListLoading />}>
      <PackageList />
    </Suspense>
  );
}
