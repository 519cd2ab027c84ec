import type { RenewalConfirmation } from '#contract/renewals';
import { formatDollars, parseMoney } from '#domain/money';
import { customerDateTime } from '#domain/store-time';

/** The renewal's facts as the confirmation page lists them: package, devices, amount, card, expiry (as its email writes it, decision 0074). */
export function renewalFacts(renewal: RenewalConfirmation): Array<[string, string]> {
  const brand = renewal.card ? `${renewal.card.brand.charAt(0).toUpperCase()}${renewal.card.brand.slice(1)}` : null;
  return [
    ['Package', renewal.packageName],
    ['Devices', String(renewal.deviceCount)],
    ...(renewal.amount ? [['Amount', formatDollars(parseMoney(renewal.amount))] as [string, string]] : []),
    ...(renewal.card && brand ? [['Card', `${brand} ending ${renewal.card.last4}`] as [string, string]] : []),
    ['Expires', customerDateTime(new Date(renewal.expirationDate), renewal.timeZone)],
  ];
}
