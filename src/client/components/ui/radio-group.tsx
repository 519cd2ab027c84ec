import { createContext, forwardRef, useContext, useId, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/utils';

interface RadioGroupState {
  name: string;
  value: string | undefined;
  onValueChange: ((value: string) => void) | undefined;
  disabled: boolean | undefined;
}

const RadioGroupContext = createContext<RadioGroupState | null>(null);

type RadioGroupProps = Omit<ComponentPropsWithoutRef<'div'>, 'onChange' | 'defaultValue'> & {
  value?: string | undefined;
  onValueChange?: (value: string) => void;
  disabled?: boolean | undefined;
  name?: string;
};

/**
 * A group of the browser's own radio buttons: one Tab stop, the arrow keys between them and
 * the form's `disabled` all come from the browser. A scripted group measured each button in
 * its first layout effect, which forced the whole page's layout inside checkout's first
 * render on a phone (decision 0061).
 */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(({ className, value, onValueChange, disabled, name, ...props }, ref) => {
  const generatedName = useId();
  return (
    <RadioGroupContext.Provider value={{ name: name ?? generatedName, value, onValueChange, disabled }}>
      <div ref={ref} role="radiogroup" className={cn('grid gap-2', className)} {...props} />
    </RadioGroupContext.Provider>
  );
});
RadioGroup.displayName = 'RadioGroup';

type RadioGroupItemProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'value' | 'name' | 'checked' | 'onChange'> & { value: string };

export const RadioGroupItem = forwardRef<HTMLInputElement, RadioGroupItemProps>(({ className, value, disabled, ...props }, ref) => {
  const group = useContext(RadioGroupContext);
  if (!group) throw new Error('RadioGroupItem belongs inside a RadioGroup');
  return (
    <span className={cn('relative inline-grid size-4 shrink-0 place-items-center', className)}>
      <input
        ref={ref}
        type="radio"
        name={group.name}
        value={value}
        checked={group.value === value}
        disabled={disabled ?? group.disabled}
        onChange={(event) => {
          if (event.target.checked) group.onValueChange?.(value);
        }}
        className="peer size-4 cursor-pointer appearance-none rounded-full border border-input bg-transparent checked:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <span aria-hidden="true" className="pointer-events-none absolute size-2 rounded-full bg-primary opacity-0 peer-checked:opacity-100" />
    </span>
  );
});
RadioGroupItem.displayName = 'RadioGroupItem';
