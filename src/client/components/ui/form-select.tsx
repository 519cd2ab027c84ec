import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField, invalidProps } from './form-field';
import { Select, SelectOptions, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** Options whose label is their value (gift cards, say). */
export const plainOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));

interface FormSelectProps<T extends FieldValues, Parsed extends FieldValues> {
  control: Control<T, unknown, Parsed>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  error?: string | undefined;
  placeholder: string;
  options: readonly SelectOption[];
  disabled?: boolean;
  className?: string;
  /** A line of help under the control. */
  hint?: ReactNode;
}

/** A labelled select bound to a react-hook-form field, with the field's message under it. */
export function FormSelect<T extends FieldValues, Parsed extends FieldValues = T>({ control, name, id, label, error, placeholder, options, disabled, className, hint }: FormSelectProps<T, Parsed>) {
  return (
    <FormField id={id} label={label} error={error} className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={field.value ?? ''} onValueChange={field.onChange} disabled={field.disabled || disabled}>
            <SelectTrigger ref={field.ref} onBlur={field.onBlur} {...invalidProps(id, error)}>
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectOptions options={options} />
          </Select>
        )}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </FormField>
  );
}
