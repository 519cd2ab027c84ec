import { Eye, EyeOff, Package as PackageIcon, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { AdminPackage } from '#contract/admin-packages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { dollars } from '../shared/admin-view';
import { EmptyState } from '../shared/EmptyState';
import { useAdminPackages } from '../shared/use-admin-queries';
import { PackageDialog } from './PackageDialog';
import { usePackageChanges } from './use-package-changes';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const COLUMNS = ['Package', 'Price', 'Cashback', 'Devices', 'Features', 'Shown', ''];

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
    <>
      <ScrollRegion label="Packages table" className="relative min-w-0 overflow-x-auto rounded-2xl border border-border">
        <table className="w-full min-w-[48rem] text-left text-sm">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              {COLUMNS.map((column, index) => (
                <th key={column || index} scope="col" className="px-3 py-2 font-medium">
                  {column || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {packages.data.map((pkg) => {
              const changing = save.isPending && save.variables?.id === pkg.id;
              return (
                <tr key={pkg.id} className={pkg.hidden ? 'text-muted-foreground' : undefined} data-testid="admin-package">
                  <td className="px-3 py-2">
                    <span className="font-semibold">{pkg.name}</span> <span className="text-xs text-muted-foreground">{pkg.duration}</span>
                    {pkg.popular && (
                      <Badge variant="outline" className="ml-2">
                        Most Popular
                      </Badge>
                    )}
                  </td>
                  <td className="tabular px-3 py-2">{dollars(pkg.price)}</td>
                  <td className="tabular px-3 py-2">{dollars(pkg.cashback)}</td>
                  <td className="tabular px-3 py-2">{pkg.devices}</td>
                  <td className="px-3 py-2 text-xs">{pkg.features.length} lines</td>
                  <td className="px-3 py-2">
                    <Badge variant={pkg.hidden ? 'secondary' : 'success'}>{pkg.hidden ? 'Hidden' : 'Shown'}</Badge>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex justify-end gap-1">
                      <Button size="sm" variant="outline" onClick={() => setEditing(pkg)}>
                        <Pencil aria-hidden="true" />
                        Edit<span className="sr-only"> {pkg.name}</span>
                      </Button>
                      <Button size="sm" variant="ghost" disabled={changing} onClick={() => save.mutate({ id: pkg.id, changes: { hidden: !pkg.hidden } })}>
                        {pkg.hidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                        {pkg.hidden ? 'Show' : 'Hide'}
                        <span className="sr-only"> {pkg.name}</span>
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <PackageDialog pkg={editing} save={save} onClose={() => setEditing(null)} />
    </>
  );
}
