import { DEFAULT_CURRENCY, money, type CurrencyCode } from '#domain/currencies';
import { deviceFeeIn } from '#domain/pricing';
import { formatMessage } from './format-message';
import { amountText } from './price-text';

/**
 * '1 device (included)', '2 devices (+$5.99)' ... as the devices selects of checkout and the
 * renewal dialog list them, with the fee of the order's currency (decision 0104), in the
 * page's language: the payment area, which both pages carry in their first paint (0106).
 */
export function deviceOptionLabel(count: number, currency: CurrencyCode = DEFAULT_CURRENCY): string {
  const fee = deviceFeeIn(count, currency);
  return fee === 0 ? formatMessage('payment.devices.included', { count }) : formatMessage('payment.devices.extra', { count, fee: amountText(money(fee, currency)) });
}

