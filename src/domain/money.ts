/**
 * Money is integer cents in code (ARCHITECTURE D5) and numeric(10,2) strings at the
 * edges (database, API). Converting through strings, never floats, keeps every amount
 * exact.
 */
export type Cents = number;

const MONEY_PATTERN = /^(-)?(\d{1,8})(?:\.(\d{1,2}))?$/;

/** Parses a decimal string such as '15.99' or '0' into cents; throws on anything else. */
export function parseMoney(text: string): Cents {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) throw new Error(`Not a money amount: ${JSON.stringify(text)}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents as the database and API spell them: '15.99', '0.00'. */
export function formatMoney(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a shopper reads them: '$15.99'. */
export function formatDollars(cents: Cents): string {
  return cents < 0 ? `-$${formatMoney(-cents)}` : `$${formatMoney(cents)}`;
}
