import { refusalTranslator } from '#domain/refusal-sentences';
import english from '../../messages/en/errors.json';
import { formatMessage } from './format-message';
import { amountText } from './price-text';

/**
 * A form's English refusal (the contract's zod messages) in the page's language, by the rule
 * the server's edge uses (decision 0115): its own module, loaded by the forms' resolver only
 * once a field is refused on a translated page, with the English sentences it looks up. The
 * page's errors area must be here (page-resolver.ts loads it beside this module).
 */
const translate = refusalTranslator(english);

export const refusalInPageLanguage = (message: string): string => translate(message, (key, values = {}) => formatMessage(key, values), amountText);
