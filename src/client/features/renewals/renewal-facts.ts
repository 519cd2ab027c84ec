import type { RenewalConfirmation } from '#contract/renewals';
import { formatDollars, parseMoney } from '#domain/money';

const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(iso));

/** The renewal's facts as the confirmation page lists them: package, devices, amount, card, expiry. */
export function renewalFacts(renewal: RenewalConfirmation): Array<[string, string]> {
  const brand = renewal.card ? `${renewal.card.brand.charAt(0).toUpperCase()}${renewal.card.brand.slice(1)}` : null;
  return [
    ['Package', renewal.packageName],
    ['Devices', String(renewal.deviceCount)],
    ...(renewal.amount ? [['Amount', formatDollars(parseMoney(renewal.amount))] as [string, string]] : []),
    ...(renewal.card && brand ? [['Card', `${brand} ending ${renewal.card.last4}`] as [string, string]] : []),
    ['Expires', dateOf(renewal.expirationDate)],
  ];
}
