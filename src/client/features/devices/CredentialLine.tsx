import type { ReactNode } from 'react';
import { CopyButton } from '../../components/ui/copy-button';
import { cn } from '../../lib/utils';

/**
 * One term of a definition list: its dt and dd are the row's direct children, the buttons sit
 * in the dd. A `link` value is whole, wrapped anywhere, and opens in a new tab: a guide address
 * cut off at a phone's width could be neither read nor opened.
 */
export function CredentialLine({
  label,
  value,
  copyLabel,
  what,
  className,
  link = false,
  children,
}: {
  label: string;
  value: string;
  copyLabel: string;
  what: string;
  className?: string;
  link?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg bg-background/60 py-1 ps-3 pe-1', className)}>
      <dt className="text-[11px] font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="-mt-1 flex min-w-0 items-center gap-2">
        {link ? (
          <a href={value} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 break-all font-mono text-sm text-accent underline underline-offset-2">
            {value}
          </a>
        ) : (
          <span className="min-w-0 flex-1 truncate font-mono text-sm" title={value}>
            {value}
          </span>
        )}
        <CopyButton value={value} label={copyLabel} what={what} />
        {children}
      </dd>
    </div>
  );
}
