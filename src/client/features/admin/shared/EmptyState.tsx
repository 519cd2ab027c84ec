import type { ReactNode } from 'react';

/** An empty list: what is missing and what happens next. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-4 py-12 text-center [&>svg]:size-10 [&>svg]:text-muted-foreground">
      {icon}
      <p className="mt-3 text-lg font-semibold">{title}</p>
      <p className="mt-1 max-w-md text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
