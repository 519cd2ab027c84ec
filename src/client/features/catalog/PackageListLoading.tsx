import { Card } from '../../components/ui/card';
import { t } from '../../lib/i18n';

function PackageCardSkeleton() {
  return (
    <Card data-testid="package-skeleton" className="flex h-[30rem] flex-col gap-4 p-6">
      <div className="h-6 w-2/3 animate-pulse rounded bg-muted" />
      <div className="h-10 w-1/2 animate-pulse rounded bg-muted" />
      <div className="h-12 w-full animate-pulse rounded bg-muted" />
      <div className="flex-1 space-y-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="h-4 w-full animate-pulse rounded bg-muted" />
        ))}
      </div>
      <div className="h-12 w-full animate-pulse rounded-xl bg-muted" />
    </Card>
  );
}

/** The package grid's place while the packages (or the list's code) load. */
export function PackageListLoading() {
  return (
    <div role="status" className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('landing.packages.loading')}>
      {[0, 1, 2].map((i) => (
        <PackageCardSkeleton key={i} />
      ))}
    </div>
  );
}
