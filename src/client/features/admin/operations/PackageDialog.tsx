import { useState } from 'react';
import type { AdminPackage } from '#contract/admin-packages';
import { MAX_DEVICES, MIN_DEVICES } from '#domain/catalog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { messageOr } from '../../../lib/api';
import { FormDialogFooter } from '../shared/FormDialogFooter';
import { LIST_CURRENCIES, listPriceChanges, listPriceError, listPriceLabel, listPricesOf, type ListCurrency } from './package-prices';
import type { PackageChangesMutation } from './use-package-changes';

interface PackageForm {
  name: string;
  price: string;
  cashback: string;
  features: string;
  devices: string;
  popular: boolean;
  hidden: boolean;
  /** The prices beside the USD one as typed; blank is not sold in that currency (decision 0104). */
  prices: Record<ListCurrency, string>;
}

const formOf = (pkg: AdminPackage): PackageForm => ({
  name: pkg.name,
  price: pkg.price,
  cashback: pkg.cashback,
  features: pkg.features.join('\n'),
  devices: String(pkg.devices),
  popular: pkg.popular,
  hidden: pkg.hidden,
  prices: { EUR: listPricesOf(pkg).EUR ?? '', GBP: listPricesOf(pkg).GBP ?? '', BRL: listPricesOf(pkg).BRL ?? '' },
});

/**
 * The form as PATCH takes it: one feature a line, blank lines dropped, the other prices only
 * when changed; the server checks every rule and answers in words.
 */
const packageChanges = (pkg: AdminPackage, form: PackageForm) => ({
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
  ...(listPriceChanges(pkg, form.prices) ? { prices: listPriceChanges(pkg, form.prices) } : {}),
});

/** The currency a server message is about ('Price in EUR must be ...'), to show it under that field. */
const currencyOfMessage = (message: string) => LIST_CURRENCIES.find((currency) => message.startsWith(listPriceLabel(currency)));

/** The free trial is free in every currency: it has no prices to set (decision 0104). */
const isFreeTrial = (pkg: AdminPackage) => pkg.price === '0.00';

function PackageFields({ pkg, save, onSaved }: { pkg: AdminPackage; save: PackageChangesMutation; onSaved: () => void }) {
  const [form, setForm] = useState(() => formOf(pkg));
  // The prices' faults found before sending, or the server's refusal of the last save, word for word.
  const [priceErrors, setPriceErrors] = useState<Partial<Record<ListCurrency, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
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
  const price = (currency: ListCurrency) => {
    const id = `package-price-${currency.toLowerCase()}`;
    const error = priceErrors[currency];
    return (
      <FormField key={currency} id={id} label={`${listPriceLabel(currency)} (optional)`} error={error}>
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder="Not sold"
          value={form.prices[currency]}
          onChange={(event) => {
            setForm({ ...form, prices: { ...form.prices, [currency]: event.target.value } });
            setPriceErrors({ ...priceErrors, [currency]: undefined });
          }}
          {...invalidProps(id, error)}
        />
      </FormField>
    );
  };
  const submit = () => {
    setServerError(null);
    const faults = Object.fromEntries(LIST_CURRENCIES.flatMap((currency) => (listPriceError(form.prices[currency], currency) ? [[currency, listPriceError(form.prices[currency], currency)!]] : [])));
    setPriceErrors(faults);
    const first = LIST_CURRENCIES.find((currency) => faults[currency]);
    if (first) {
      document.getElementById(`package-price-${first.toLowerCase()}`)?.focus();
      return;
    }
    save.mutate(
      { id: pkg.id, changes: packageChanges(pkg, form) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const message = messageOr(error, 'The package could not be saved. Please try again.');
          const currency = currencyOfMessage(message);
          if (currency) setPriceErrors({ [currency]: message });
          else setServerError(message);
        },
      },
    );
  };
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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
      {!isFreeTrial(pkg) && (
        <fieldset className="grid min-w-0 gap-3" aria-describedby="package-prices-hint">
          <legend className="text-sm font-semibold">Prices in other currencies</legend>
          <p id="package-prices-hint" className="text-xs text-muted-foreground">
            Set by you, never converted. Leave one blank and the package is not sold in that currency.
          </p>
          <div className="grid gap-4 sm:grid-cols-3">{LIST_CURRENCIES.map(price)}</div>
        </fieldset>
      )}
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
      {serverError && (
        <p role="alert" className="text-sm text-destructive" data-testid="package-error">
          {serverError}
        </p>
      )}
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
