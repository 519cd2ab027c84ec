import type { Money } from '#domain/currencies';
import { DEFAULT_LOCALE, nameInLine } from '#domain/locales';
import { formatMessage } from '../../lib/format-message';
import { pageLocale } from '../../lib/i18n';
import { amountText } from '../../lib/price-text';

/** '1 Month' -> '1 month', '12 Months' -> '12 months': the period a renewal covers, as English says it. */
export function renewalPeriod(duration: string): string {
  return duration.trim().toLowerCase();
}

/**
 * The "Renew automatically" box's words (decision 0044): the price, the period, and that it can
 * be turned off any time. A box's renewal is the subscription alone (domain/catalog renewsAs).
 * English says the period inside its sentence ("every 1 month"); the other languages name the
 * package's duration as the store writes it ("1 Month"), as the cart does, since durations are
 * not translated (decision 0115).
 */
export function autoRenewText(amount: Money, duration: string, withoutBox = false): string {
  const locale = pageLocale();
  return formatMessage(withoutBox ? 'checkout.autoRenew.offerWithoutBox' : 'checkout.autoRenew.offer', {
    amount: amountText(amount),
    period: locale === DEFAULT_LOCALE ? renewalPeriod(duration) : nameInLine(locale, duration),
  });
}
