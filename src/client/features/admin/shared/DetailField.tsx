import type { ReactNode } from 'react';

/** A label over its value, inside a record's or a notification's <dl>. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular break-words text-sm font-medium">{children}</dd>
    </div>
  );
}
