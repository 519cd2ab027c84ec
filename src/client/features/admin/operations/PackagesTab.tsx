import { Eye, EyeOff, Package as PackageIcon, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { AdminPackage } from '#contract/admin-packages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { dollars } from '../shared/admin-view';
import { EmptyState } from '../shared/EmptyState';
import { useAdminPackages } from '../shared/use-admin-queries';
import { CurrencySwitches } from './CurrencySwitches';
import { PackageDialog } from './PackageDialog';
import { listPricesLine } from './package-prices';
import { usePackageChanges } from './use-package-changes';
import { DataTable } from '../shared/DataTable';

/** Every package, hidden ones too: edit what it sells for and says, or hide and show it. */
export function PackagesTab() {
  const packages = useAdminPackages();
  const save = usePackageChanges();
  const [editing, setEditing] = useState<AdminPackage | null>(null);

  if (packages.isError) return <p className="text-sm text-destructive" role="alert">The packages could not be loaded.</p>;
  if (!packages.data) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-12 rounded-xl" />
        ))}
      </div>
    );
  }
  if (packages.data.length === 0) {
    return (
      <EmptyState icon={<PackageIcon aria-hidden="true" />} title="No Packages">
        The store seeds its packages at start-up: restart it, or check its log.
      </EmptyState>
    );
  }
  return (
    <div className="grid min-w-0 gap-6">
      <CurrencySwitches />
      <DataTable
        label="Packages table"
        rows={packages.data}
        rowKey={(pkg) => pkg.id}
        tableClassName="md:min-w-[60rem]"
        rowProps={(pkg) => ({ className: pkg.hidden ? 'text-muted-foreground' : undefined, 'data-testid': 'admin-package' })}
        columns={[
          {
            header: 'Package',
            unlabelled: true,
            cell: (pkg) => (
              <>
                <span className="font-semibold">{pkg.name}</span> <span className="text-xs text-muted-foreground">{pkg.duration}</span>
                {pkg.popular && (
                  <Badge variant="outline" className="ml-2">
                    Most Popular
                  </Badge>
                )}
              </>
            ),
          },
          { header: 'Price', className: 'tabular', cell: (pkg) => dollars(pkg.price) },
          // One line for the other currencies' prices; it wraps on a phone rather than widening the page.
          { header: 'Other prices', className: 'tabular text-xs md:whitespace-nowrap', cell: (pkg) => (pkg.price === '0.00' ? 'Free in every currency' : listPricesLine(pkg)) },
          { header: 'Cashback', className: 'tabular', cell: (pkg) => dollars(pkg.cashback) },
          { header: 'Devices', className: 'tabular', cell: (pkg) => pkg.devices },
          { header: 'Features', className: 'text-xs', cell: (pkg) => `${pkg.features.length} lines` },
          { header: 'Shown', cell: (pkg) => <Badge variant={pkg.hidden ? 'secondary' : 'success'}>{pkg.hidden ? 'Hidden' : 'Shown'}</Badge> },
          {
            header: 'Actions',
            unlabelled: true,
            pinned: true,
            cell: (pkg) => (
              <div className="flex gap-1 max-md:grid max-md:grid-cols-2 md:justify-end">
                <Button size="sm" variant="outline" onClick={() => setEditing(pkg)}>
                  <Pencil aria-hidden="true" />
                  Edit<span className="sr-only"> {pkg.name}</span>
                </Button>
                <Button size="sm" variant="ghost" className="max-md:border max-md:border-border" disabled={save.isPending && save.variables?.id === pkg.id} onClick={() => save.mutate({ id: pkg.id, changes: { hidden: !pkg.hidden } })}>
                  {pkg.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                  {pkg.hidden ? 'Show' : 'Hide'}
                  <span className="sr-only"> {pkg.name}</span>
                </Button>
              </div>
            ),
          },
        ]}
      />
      <PackageDialog pkg={editing} save={save} onClose={() => setEditing(null)} />
    </div>
  );
}
