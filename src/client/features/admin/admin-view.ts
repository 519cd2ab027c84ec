import { format, formatDistance } from 'date-fns';
import type { BadgeProps } from '../../components/ui/badge';

/** What the admin pages show of a record's fields (spec sections 2, 4 and 9). */

/** Active green, expired red, pending_activation yellow, any other grey; underscores read as spaces. */
export function adminStatusBadge(status: string): { label: string; variant: NonNullable<BadgeProps['variant']> } {
  const label = status.replace(/_/g, ' ');
  switch (status) {
    case 'active':
      return { label, variant: 'success' };
    case 'expired':
      return { label, variant: 'destructive' };
    case 'pending_activation':
      return { label, variant: 'warning' };
    default:
      return { label, variant: 'secondary' };
  }
}

/** The admin lists show only the tail of an order id (SP-1712345678901-123 -> 8901-123). */
export const shortOrderId = (orderId: string) => orderId.slice(-8);

/**
 * An API amount as '$15.99' or '$12,480.50'. Read from the text, not through a number: the
 * totals may pass the eight digits the domain's money parser accepts for one order.
 */
export function dollars(amount: string): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole = '', cents] = match;
  return `${sign}$${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${cents}`;
}

export function adminDate(iso: string | null): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'N/A' : format(date, 'MMM d, yyyy');
}

/** '5 minutes ago' as of `now`, for the notifications tab. */
export const timeAgo = (iso: string, now: number) => formatDistance(new Date(iso), new Date(now), { addSuffix: true });

/** A count as '12,480'. */
export const count = (value: number) => value.toLocaleString('en-US');

/** 'Showing 26-50 of 120' with whether there is a page either side, for the list controls. */
export function pageSummary(offset: number, shown: number, total: number | null, limit: number) {
  const known = total ?? offset + shown;
  return {
    text: shown === 0 ? `0 of ${count(known)}` : `${count(offset + 1)}-${count(offset + shown)} of ${count(known)}`,
    hasPrevious: offset > 0,
    hasNext: total === null ? shown === limit : offset + shown < total,
  };
}
