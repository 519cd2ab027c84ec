import type { RenewalConfirmation } from '#contract/renewals';
import { formatSubscriptionDate } from '../../lib/customer-dates';
import { formatMessage } from '../../lib/format-message';
import { t } from '../../lib/i18n';
import { priceText } from '../../lib/price-text';

/** The charge's amount in its currency ('$21.98', '€20.48'); empty before it was priced. */
export const renewalAmountText = (renewal: Pick<RenewalConfirmation, 'amount' | 'currency'>): string => (renewal.amount ? priceText(renewal.amount, renewal.currency) : '');

/** The renewal's facts as the confirmation page lists them: package, devices, amount, card, expiry (as its email writes it, decision 0074), in the page's language (decision 0111) and the charge's currency. */
export function renewalFacts(renewal: RenewalConfirmation): Array<[string, string]> {
  const brand = renewal.card ? `${renewal.card.brand.charAt(0).toUpperCase()}${renewal.card.brand.slice(1)}` : null;
  return [
    [t('account.renewDialog.package'), renewal.packageName],
    [t('account.details.devices'), formatMessage('account.details.deviceCount', { count: renewal.deviceCount })],
    ...(renewal.amount ? [[t('account.renewal.amount'), renewalAmountText(renewal)] as [string, string]] : []),
    ...(renewal.card && brand ? [[t('account.renewal.card'), formatMessage('account.renewal.cardEnding', { brand, last4: renewal.card.last4 })] as [string, string]] : []),
    [t('account.renewal.expires'), formatSubscriptionDate(renewal.expirationDate, renewal.timeZone, true)],
  ];
}
