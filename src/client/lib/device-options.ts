import { formatDollars } from '#domain/money';
import { deviceFee } from '#domain/pricing';

/** '1 device (included)', '2 devices (+$5.99)' ... as the devices selects list them. */
export function deviceOptionLabel(count: number): string {
  const fee = deviceFee(count);
  return fee === 0 ? `${count} device (included)` : `${count} devices (+${formatDollars(fee)})`;
}
