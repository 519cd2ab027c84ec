import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { pageLocale, t } from './page-words';

/**
 * A message with ICU arguments (plurals, numbers, names) in the page's language, by FormatJS
 * (decision 0106). Its own module, so the formatter is code of the pages that use it and not
 * of the landing page's first JavaScript, whose messages have no arguments.
 */
const formats = new Map<string, IntlMessageFormat>();

export function formatMessage(key: string, values: Record<string, PrimitiveType>): string {
  const message = t(key);
  let format = formats.get(message);
  if (!format) {
    format = new IntlMessageFormat(message, pageLocale());
    formats.set(message, format);
  }
  return String(format.format(values));
}
