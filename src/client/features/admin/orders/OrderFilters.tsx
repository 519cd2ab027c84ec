import { ORDER_PAYMENT_STATUSES } from '#contract/admin-orders';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { OrderFilters as Filters } from '../../../lib/query-keys';
import { useAdminPackages } from '../shared/use-admin-queries';

// Radix's select has no empty value: this one stands for 'no filter'.
const ANY = 'any';

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: Array<{ value: string; label: string }> }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value || ANY} onValueChange={(next) => onChange(next === ANY ? '' : next)}>
        <SelectTrigger id={id} className="h-9">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input id={id} type="date" className="h-9" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

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
      <DateFilter id="order-from" label="Placed from" value={filters.from} onChange={set('from')} />
      <DateFilter id="order-to" label="Placed to" value={filters.to} onChange={set('to')} />
      <label className="flex h-9 items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-[var(--color-accent)]" checked={filters.needsReview} onChange={(event) => set('needsReview')(event.target.checked)} />
        Needs review only
      </label>
    </fieldset>
  );
}
