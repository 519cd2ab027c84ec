import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

/** An on/off switch (WAI-ARIA switch role): a button that says whether it is on; name it with aria-labelledby or a label. */
export function Switch({ checked, className, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role' | 'type'> & { checked: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-border transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-input',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')}
      />
    </button>
  );
}
