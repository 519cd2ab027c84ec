import type { FieldValues, Resolver } from 'react-hook-form';
import { DEFAULT_LOCALE } from '#domain/locales';
import { pageLocale, preloadMessages } from './i18n';

/**
 * Forms' refusals in the page's language (decision 0115). The contract's zod schemas, shared
 * with the server, write the spec's English ("First name is required"); on a translated page
 * each message is looked up in the errors area, as the server's edge looks up its refusals
 * (decision 0113), once validation has refused something: the lookup and its words load then,
 * and an English page loads nothing.
 */
const loadLookup = () => Promise.all([import('./form-refusals'), preloadMessages('errors')]).then(([module]) => module.refusalInPageLanguage);

/** A form's resolver whose messages read in the page's language. */
export function inPageLanguage<Values extends FieldValues, Context, Output>(resolver: Resolver<Values, Context, Output>): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (pageLocale() === DEFAULT_LOCALE || Object.keys(result.errors).length === 0) return result;
    // A refusal's values are empty: only its errors change.
    return { values: {}, errors: withMessages(result.errors, await loadLookup()) };
  };
}

/** Shows a value's refusal checked without a form (a device's dialog): at once in English, once its words are here elsewhere. */
export function showRefusal(message: string, show: (text: string) => void): void {
  if (pageLocale() === DEFAULT_LOCALE) show(message);
  else void loadLookup().then((say) => show(say(message)));
}

/** The errors with each `message` passed through `say`; a field's `ref` (its element) kept as it is. */
function withMessages<Errors>(errors: Errors, say: (message: string) => string): Errors {
  if (!errors || typeof errors !== 'object') return errors;
  // A field array's errors are an array, with holes where a row has none.
  if (Array.isArray(errors)) return (errors as unknown[]).map((item) => withMessages(item, say)) as Errors;
  const entries = Object.entries(errors).map(([name, value]: [string, unknown]) => [name, name === 'ref' ? value : name === 'message' && typeof value === 'string' ? say(value) : withMessages(value, say)]);
  return Object.fromEntries(entries) as Errors;
}
