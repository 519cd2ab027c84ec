import { DEFAULT_CURRENCY, type CurrencyCode } from './currencies';

/**
 * Where the euro is the money people are paid in: the euro area, the states that use it by
 * agreement (Andorra, Monaco, San Marino, the Vatican) and those that use it alone
 * (Montenegro, Kosovo).
 */
const EURO_REGIONS: ReadonlySet<string> = new Set([
  'AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK',
  'AD', 'MC', 'SM', 'VA', 'ME', 'XK',
]);
/** The United Kingdom and the Crown Dependencies, whose pounds are sterling. */
const POUND_REGIONS: ReadonlySet<string> = new Set(['GB', 'GG', 'IM', 'JE']);

/** The region a language tag names, or the one its speakers most likely live in ('de' is Germany, 'pt' Brazil); null for a tag Intl cannot read. */
function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * The currency a buyer most likely pays in, from the browser's languages (decision 0108): the
 * region of the first one, not the page's language, so that /pt-BR read from Lisbon is in euros.
 * pt-BR gives BRL, en-GB GBP, an euro-area region EUR, anything else USD.
 */
export function currencyForLanguages(languages: readonly string[]): CurrencyCode {
  const first = languages[0];
  const region = first ? regionOf(first) : null;
  if (region === 'BR') return 'BRL';
  if (region && POUND_REGIONS.has(region)) return 'GBP';
  if (region && EURO_REGIONS.has(region)) return 'EUR';
  return DEFAULT_CURRENCY;
}
