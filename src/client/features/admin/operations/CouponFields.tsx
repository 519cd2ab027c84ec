import type { UseFormReturn } from 'react-hook-form';
import { SUPPORTED_CURRENCIES } from '#domain/currencies';
import { FormField, invalidProps } from '../../../components/ui/form-field';
import { FormSelect, plainOptions } from '../../../components/ui/form-select';
import { Input } from '../../../components/ui/input';
import { useStoreTimeZone } from '../shared/store-time-zone';
import type { CouponFormValues } from './coupon-form';

const TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'fixed', label: 'Fixed amount' },
];
const CURRENCY_OPTIONS = plainOptions(SUPPORTED_CURRENCIES);

/**
 * The coupon's fields, the same for 'New Coupon' and 'Edit Coupon'; the code only when
 * creating, since a code buyers may already hold never changes. `idPrefix` keeps the ids of
 * both dialogs apart.
 */
export function CouponFields({ form, idPrefix, withCode }: { form: UseFormReturn<CouponFormValues>; idPrefix: string; withCode: boolean }) {
  const { errors } = form.formState;
  const timeZone = useStoreTimeZone();
  const text = (name: keyof CouponFormValues, label: string, props: Record<string, string> = {}) => {
    const id = `${idPrefix}-${name}`;
    return (
      <FormField id={id} label={label} error={errors[name]?.message}>
        <Input autoComplete="off" {...props} {...invalidProps(id, errors[name]?.message)} {...form.register(name)} />
      </FormField>
    );
  };
  const datesHint = `${idPrefix}-dates-hint`;
  const type = (
    <FormSelect control={form.control} name="type" id={`${idPrefix}-type`} label="Type" placeholder="Choose a type" options={TYPE_OPTIONS} error={errors.type?.message} />
  );

  return (
    <>
      {withCode ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('code', 'Code', { className: 'font-mono uppercase', placeholder: 'SPRING25' })}
          {type}
        </div>
      ) : (
        type
      )}
      {text('description', 'Description', { placeholder: '25% off in spring' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('value', 'Value (percent or amount)', { inputMode: 'decimal', placeholder: '25' })}
        <FormSelect
          control={form.control}
          name="currency"
          id={`${idPrefix}-currency`}
          label="Currency"
          placeholder="Choose a currency"
          options={CURRENCY_OPTIONS}
          error={errors.currency?.message}
          hint="Of a fixed value, a minimum and a cap: only orders in it can use them. A bare percentage works in every currency."
        />
        {text('minOrderAmount', 'Minimum order (optional)', { inputMode: 'decimal', placeholder: '0.00' })}
        {text('maxDiscount', 'Maximum discount (optional)', { inputMode: 'decimal', placeholder: 'No cap' })}
        {text('usageLimit', 'Usage limit (optional)', { inputMode: 'numeric', placeholder: 'No limit' })}
      </div>
      <fieldset className="grid min-w-0 gap-3" aria-describedby={datesHint}>
        <legend className="text-sm font-semibold">Dates in {timeZone}</legend>
        <p id={datesHint} className="text-sm text-muted-foreground">
          From the start of the start date to the end of the end date, on the store&apos;s clock. An end date in the past ends the coupon now.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('validFrom', 'Start date (optional)', { type: 'date' })}
          {text('validTo', 'End date (optional)', { type: 'date' })}
        </div>
      </fieldset>
    </>
  );
}
