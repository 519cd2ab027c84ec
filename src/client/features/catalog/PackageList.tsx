import { RefreshCw } from 'lucide-react';
import type { Package } from '#contract/packages';
import { Button } from '../../components/ui/button';
import { useBuyerCurrency } from '../../lib/buyer-currency';
import { useCart } from '../../lib/cart-store';
import { t } from '../../lib/i18n';
import { PackageCard } from './PackageCard';
import { PackageListLoading } from './PackageListLoading';
import { useTrialsPaused } from '../../lib/trial-availability';
import { isFreePackage, usePackages } from '../../lib/use-packages';

export function PackageList() {
  const { data: packages, isLoading, isError, refetch } = usePackages({ currency: useBuyerCurrency() });
  const addItem = useCart((state) => state.addItem);
  const openCart = useCart((state) => state.openCart);
  const trialsPaused = useTrialsPaused(packages?.some(isFreePackage) ?? false);

  const choose = (pkg: Package) => {
    addItem(pkg);
    openCart();
  };

  if (isLoading) {
    return <PackageListLoading />;
  }
  if (isError || !packages) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-card p-10 text-center">
        <p>{t('landing.packages.loadFailed')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          <RefreshCw /> {t('landing.packages.retry')}
        </Button>
      </div>
    );
  }
  if (packages.length === 0) {
    return <p className="rounded-2xl border border-border bg-card p-10 text-center text-muted-foreground">{t('landing.packages.none')}</p>;
  }
  const mostPopularId = packages.find((p) => p.popular && !isFreePackage(p))?.id;
  return (
    <div className="grid grid-cols-1 gap-8 pt-4 md:grid-cols-2 lg:grid-cols-3">
      {packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} mostPopular={pkg.id === mostPopularId} trialsPaused={trialsPaused} onChoose={choose} />
      ))}
    </div>
  );
}
