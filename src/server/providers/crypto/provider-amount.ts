import { parseMoney, type Cents } from '#domain/money';

/** NOWPayments' price_amount in cents, or null when it is not a whole number of cents. */
export function providerAmountToCents(amount: string): Cents | null {
  try {
    return parseMoney(amount);
  } catch {
    return null;
  }
}
