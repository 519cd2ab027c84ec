import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField, invalidProps } from './form-field';
import { OptionSelect } from './select';

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
          <OptionSelect
            ref={field.ref}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            disabled={field.disabled || disabled}
            placeholder={placeholder}
            options={options}
            {...invalidProps(id, error)}
          />
        )}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </FormField>
  );
}
