import type { CurrencyForecast } from '#contract/admin-renewals';
import type { RenewalChargeStatus } from '#domain/renewal-charges';
import { adminDate, formatAmount } from '../shared/admin-view';

type Tone = 'success' | 'warning' | 'secondary';

const STATE_LABELS: Record<RenewalChargeStatus, { label: string; variant: Tone }> = {
  scheduled: { label: 'Charge scheduled', variant: 'secondary' },
  charging: { label: 'Charging', variant: 'secondary' },
  succeeded: { label: 'Renewed', variant: 'success' },
  // Not the destructive tone: its red on a card fails the contrast of small text (axe); the word says it.
  failed: { label: 'Declined', variant: 'warning' },
  requires_action: { label: 'Awaiting customer confirmation', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  skipped: { label: 'Package no longer sold', variant: 'warning' },
};

/** A renewal charge's state as the Renewals section names it, with its badge's tone. */
export const renewalStateLabel = (status: RenewalChargeStatus) => STATE_LABELS[status];

/** The current period's charge of an auto-renewing subscription: a declined one waiting for its retry says when (decision 0045). */
export function chargeStateLabel(renewal: { status: RenewalChargeStatus; retryAt: string | null }, timeZone: string): { label: string; variant: Tone } {
  if (renewal.status === 'scheduled' && renewal.retryAt) return { label: `Declined: retrying on ${adminDate(renewal.retryAt, timeZone)}`, variant: 'warning' };
  return renewalStateLabel(renewal.status);
}

/** 'Visa ending 4242, expires 12/2030', as the account page writes a saved card. */
export function savedCardLabel(card: { brand: string; last4: string; expMonth: number; expYear: number } | null): string {
  if (!card) return 'No saved card';
  const brand = `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)}`;
  return `${brand} ending ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

/**
 * A forecast window's expected revenue, one figure per currency its renewals are charged in,
 * never one sum (decision 0105): '$15.99 · €20.48 · R$79.99'.
 */
export const expectedRevenueLine = (byCurrency: readonly CurrencyForecast[]): string =>
  byCurrency.map((share) => formatAmount(share.expectedRevenue, share.currency)).join(' · ');
