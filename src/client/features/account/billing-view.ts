import type { BillingStatus } from '#domain/billing';
import { parseMoney } from '#domain/money';
import type { StatusTone } from './subscription-view';

/** The words and colour of a payment's status (UI.md: green for success, red for failure, amber for what is in between). */
export const BILLING_STATUS_BADGES: { readonly [status in BillingStatus]: { label: string; tone: StatusTone } } = {
  paid: { label: 'Paid', tone: 'success' },
  part_paid: { label: 'Part-paid', tone: 'warning' },
  partly_refunded: { label: 'Partly refunded', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'secondary' },
  failed: { label: 'Failed', tone: 'destructive' },
};

/** An amount of the API ('15.99', '-2.20') in its currency, as a shopper reads it: '$15.99', '-$2.20'. */
export function formatAmount(amount: string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(parseMoney(amount) / 100);
}
