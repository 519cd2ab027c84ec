import { trackingLink } from '#domain/tracking';
import { formatMessage } from '../lib/format-message';
import { cn } from '../lib/utils';

/**
 * A box's tracking number: a link to its carrier's public tracking page when its shape names
 * the carrier (domain/tracking.ts), else plain text. A new tab, so the store's page stays open;
 * noopener, so the carrier's page cannot reach back into it. Its name is in the site area, which
 * every page carries: the account's in the page's language, the admin's in English (0106).
 */
export function TrackingNumber({ value, className }: { value: string; className?: string }) {
  const link = trackingLink(value);
  if (!link) return <span className={cn('break-all font-mono', className)}>{value}</span>;
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      // Begins with the visible number, so speech input finds it by what it shows.
      aria-label={formatMessage('site.tracking.label', { number: value, carrier: link.carrier })}
      className={cn('break-all font-mono text-accent underline underline-offset-2 hover:brightness-110', className)}
    >
      {value}
    </a>
  );
}
