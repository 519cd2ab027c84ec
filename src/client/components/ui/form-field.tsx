import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

/** The id of a field's error line, for the control's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;

/** The props that tie a control to its error line. */
export function invalidProps(id: string, error: string | undefined) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? fieldErrorId(id) : undefined } as const;
}

/** A label, its control, and the field's message under it. */
export function FormField({ id, label, error, children, className }: { id: string; label: ReactNode; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={fieldErrorId(id)} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
