import { amountInLine, type Locale } from '#domain/locales';
import { refusalTranslator } from '#domain/refusal-sentences';
import { CATALOGUES } from './catalogues';
import { wordsIn } from './words';

/**
 * A refusal's words in the caller's language (decision 0113), by the lookup the pages' forms
 * share (domain/refusal-sentences.ts, decision 0115). English is always as it is; an amount
 * in a translated one is written as the page writes amounts (amountText), isolated in Arabic.
 */
const translate = refusalTranslator(CATALOGUES.en);

/** `message` in `locale` when the catalogue holds it, else as it is. */
export function translateRefusal(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const words = wordsIn(locale);
  return translate(
    message,
    (key, values) => words.t(key, values),
    (amount) => amountInLine(locale, words.price(amount.minor, amount.currency)),
  );
}
