/**
 * The one rule that finds a refusal's words in another language (decision 0113), shared by
 * the server's edge and the pages' forms (decision 0115): the contract's zod schemas and the
 * features write their refusals in English, as the spec does; the errors area of the
 * catalogues holds those English sentences under keys, and their translations. A sentence
 * with a part that varies ("{name} is not available in {currency}") is found by its fixed
 * parts, the most fixed words first; a part that is itself a field's English name ("First
 * name", errors.label.*) is translated too, and a part that is an amount as the English
 * sentence writes it ("$25.00", "€25.00": englishAmount) is said as the reader writes amounts
 * ("25,00 €"), in its own currency. A refusal the catalogue does not hold stays as it is.
 */
import { readEnglishAmount, type Money } from './currencies';

const AREA = 'errors.';
const LABELS = `${AREA}label.`;

/** A catalogue message in the wanted language, its {placeholders} filled. */
type SayMessage<Key extends string = string> = (key: Key, values?: Record<string, string>) => string;

/** An amount as the reader of the wanted language writes it. */
type SayAmount = (amount: Money) => string;

interface Sentence<Key extends string> {
  key: Key;
  /** The English sentence with each {placeholder} a capture group, in order. */
  pattern: RegExp;
  placeholders: string[];
  /** How much of the sentence is fixed: the longer, the more particular, tried first. */
  fixedLength: number;
}

/** A translator of refusals, made once from the English catalogue's messages (any areas: only errors.* count). */
export function refusalTranslator<Key extends string>(english: Readonly<Record<Key, string>>): (message: string, say: SayMessage<Key>, sayAmount: SayAmount) => string {
  const entries = Object.entries(english) as Array<[Key, string]>;
  const refusals = entries.filter(([key]) => key.startsWith(AREA) && !key.startsWith(LABELS));
  const fixedSentences = new Map(refusals.filter(([, text]) => !text.includes('{')).map(([key, text]) => [text, key]));
  const sentencesWithParts: Array<Sentence<Key>> = refusals
    .filter(([, text]) => text.includes('{'))
    .map(([key, text]) => {
      const pieces = text.split(/\{(\w+)\}/);
      const fixed = pieces.filter((_, index) => index % 2 === 0);
      return {
        key,
        pattern: new RegExp(`^${fixed.map(escapeRegExp).join('(.+?)')}$`, 's'),
        placeholders: pieces.filter((_, index) => index % 2 === 1),
        fixedLength: fixed.join('').length,
      };
    })
    .sort((a, b) => b.fixedLength - a.fixedLength);
  const labels = new Map(entries.filter(([key]) => key.startsWith(LABELS)).map(([key, text]) => [text, key]));

  /** A part in the reader's words: a field's name translated, an amount in their way of writing it. */
  const sayPart = (part: string, say: SayMessage<Key>, sayAmount: SayAmount): string => {
    const label = labels.get(part);
    if (label) return say(label);
    const amount = readEnglishAmount(part);
    return amount ? sayAmount(amount) : part;
  };

  return (message, say, sayAmount) => {
    const fixed = fixedSentences.get(message);
    if (fixed) return say(fixed);
    for (const sentence of sentencesWithParts) {
      const found = sentence.pattern.exec(message);
      if (!found) continue;
      const values = Object.fromEntries(sentence.placeholders.map((name, index) => [name, sayPart(found[index + 1]!, say, sayAmount)]));
      return say(sentence.key, values);
    }
    return message;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
