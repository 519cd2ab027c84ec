import { ORDER_PAYMENT_STATUSES } from '#contract/admin-orders';
import type { OrderFilters as Filters } from '../../../lib/admin-query-keys';
import { ANY, FilterInput, FilterSelect } from '../shared/FilterFields';
import { useAdminPackages } from '../shared/use-admin-queries';

/** The orders list's filters; each change asks the server again from the first page. */
export function OrderFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const packages = useAdminPackages();
  const set = <K extends keyof Filters>(name: K) => (value: Filters[K]) => onChange({ ...filters, [name]: value });
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <legend className="sr-only">Filter orders</legend>
      <FilterSelect
        id="order-status"
        label="Payment status"
        value={filters.paymentStatus}
        onChange={set('paymentStatus')}
        options={[{ value: ANY, label: 'All statuses' }, ...ORDER_PAYMENT_STATUSES.map((status) => ({ value: status, label: status.replace(/_/g, ' ') }))]}
      />
      <FilterSelect
        id="order-package"
        label="Package"
        value={filters.packageId}
        onChange={set('packageId')}
        options={[{ value: ANY, label: 'All packages' }, ...(packages.data ?? []).map((pkg) => ({ value: pkg.id, label: pkg.name }))]}
      />
      <FilterInput id="order-from" type="date" label="Placed from" value={filters.from} onChange={set('from')} />
      <FilterInput id="order-to" type="date" label="Placed to" value={filters.to} onChange={set('to')} />
      <label className="flex h-9 items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-[var(--color-accent)]" checked={filters.needsReview} onChange={(event) => set('needsReview')(event.target.checked)} />
        Needs review only
      </label>
    </fieldset>
  );
}
