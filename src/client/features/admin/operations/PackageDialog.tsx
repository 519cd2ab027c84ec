import { useState } from 'react';
import type { AdminPackage } from '#contract/admin-packages';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import type { PackageChangesMutation } from './use-package-changes';

interface PackageForm {
  name: string;
  price: string;
  cashback: string;
  features: string;
  devices: string;
  popular: boolean;
  hidden: boolean;
}

const formOf = (pkg: AdminPackage): PackageForm => ({
  name: pkg.name,
  price: pkg.price,
  cashback: pkg.cashback,
  features: pkg.features.join('\n'),
  devices: String(pkg.devices),
  popular: pkg.popular,
  hidden: pkg.hidden,
});

/** The form as PATCH takes it: one feature a line, blank lines dropped; the server checks every rule and answers in words. */
const packageChanges = (form: PackageForm) => ({
  name: form.name.trim(),
  price: form.price.trim(),
  cashback: form.cashback.trim(),
  features: form.features
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  devices: Number(form.devices),
  popular: form.popular,
  hidden: form.hidden,
});

function PackageFields({ pkg, save, onSaved }: { pkg: AdminPackage; save: PackageChangesMutation; onSaved: () => void }) {
  const [form, setForm] = useState(() => formOf(pkg));
  const text = (name: 'name' | 'price' | 'cashback', label: string, props: Record<string, string> = {}) => (
    <FormField id={`package-${name}`} label={label}>
      <Input id={`package-${name}`} value={form[name]} autoComplete="off" onChange={(event) => setForm({ ...form, [name]: event.target.value })} {...props} />
    </FormField>
  );
  const check = (name: 'popular' | 'hidden', label: string) => (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" className="size-4 accent-[var(--color-accent)]" checked={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.checked })} />
      {label}
    </label>
  );
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ id: pkg.id, changes: packageChanges(form) }, { onSuccess: onSaved });
      }}
    >
      {text('name', 'Name')}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price', 'Price ($)', { inputMode: 'decimal' })}
        {text('cashback', 'Cashback ($)', { inputMode: 'decimal' })}
        <FormField id="package-devices" label="Devices">
          <select
            id="package-devices"
            className="h-10 rounded-lg border border-input bg-background/60 px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            value={form.devices}
            onChange={(event) => setForm({ ...form, devices: event.target.value })}
          >
            {Array.from({ length: MAX_DEVICES - MIN_DEVICES + 1 }, (_, index) => String(MIN_DEVICES + index)).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="package-features" label="Features (one a line)">
        <textarea
          id="package-features"
          rows={6}
          value={form.features}
          onChange={(event) => setForm({ ...form, features: event.target.value })}
          className="w-full rounded-lg border border-input bg-background/60 px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </FormField>
      <div className="flex flex-wrap gap-6">
        {check('popular', "Marked 'Most Popular'")}
        {check('hidden', 'Hidden from the landing page and checkout')}
      </div>
      <FormDialogFooter pending={save.isPending} label="Save Package" pendingLabel="Saving..." />
    </form>
  );
}

/** Edits one package; paid orders keep the amounts they were sold at. */
export function PackageDialog({ pkg, save, onClose }: { pkg: AdminPackage | null; save: PackageChangesMutation; onClose: () => void }) {
  return (
    <Dialog open={pkg !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Package</DialogTitle>
          <DialogDescription>
            {pkg?.name} ({pkg?.duration}). Paid orders keep their prices; the next checkout uses these.
          </DialogDescription>
        </DialogHeader>
        {pkg && <PackageFields key={pkg.id} pkg={pkg} save={save} onSaved={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
