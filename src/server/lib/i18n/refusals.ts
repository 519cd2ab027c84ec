import type { Locale } from '#domain/locales';
import { CATALOGUES, type MessageKey } from './catalogues';
import { wordsIn } from './words';

/**
 * A refusal's words in the caller's language (decision 0113). Features and the contract's
 * schemas write their refusals in English, as the spec does; the errors area of the
 * catalogues holds those English sentences, and the edge finds the one a refusal is and
 * answers its translation. A sentence with a part that varies ("{name} is not available in
 * {currency}") is found by its fixed parts; a part that is itself a field's English name
 * ("First name") is translated too. A refusal the catalogue does not hold stays English.
 */
const AREA = 'errors.';
const LABELS = `${AREA}label.`;

interface Sentence {
  key: MessageKey;
  /** The English sentence with each {placeholder} a capture group, in order. */
  pattern: RegExp;
  placeholders: string[];
  /** How much of the sentence is fixed: the longer, the more particular, tried first. */
  fixedLength: number;
}

const english = Object.entries(CATALOGUES.en) as Array<[MessageKey, string]>;
const refusals = english.filter(([key]) => key.startsWith(AREA) && !key.startsWith(LABELS));
const fixedSentences = new Map(refusals.filter(([, text]) => !text.includes('{')).map(([key, text]) => [text, key]));
const sentencesWithParts: Sentence[] = refusals
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
const labels = new Map(english.filter(([key]) => key.startsWith(LABELS)).map(([key, text]) => [text, key]));

/** `message` in `locale` when the catalogue holds it, else as it is; English is always as it is. */
export function translateRefusal(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const words = wordsIn(locale);
  const fixed = fixedSentences.get(message);
  if (fixed) return words.t(fixed);
  for (const sentence of sentencesWithParts) {
    const found = sentence.pattern.exec(message);
    if (!found) continue;
    const values = Object.fromEntries(sentence.placeholders.map((name, index) => [name, labelIn(found[index + 1]!, locale)]));
    return words.t(sentence.key, values);
  }
  return message;
}

function labelIn(part: string, locale: Locale): string {
  const label = labels.get(part);
  return label ? wordsIn(locale).t(label) : part;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
