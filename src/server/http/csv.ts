/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet. Pure: no I/O.
 *
 * A spreadsheet runs a cell starting with = + - @ (or a TAB or CR before one) as a formula,
 * so such a field gets a leading apostrophe, as OWASP's CSV-injection advice says: a
 * customer named "=HYPERLINK(...)" stays text. A field that is only a number ("-5",
 * "+12.50") is left alone: a spreadsheet reads it as that number and nothing else, and
 * the store's own amounts and counts must stay numbers.
 */

import type { CsvValue } from '#server/lib/csv-table';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Lines end in CRLF (RFC 4180 section 2). */
export const CSV_LINE_END = '\r\n';

/** One field: null and undefined are empty, booleans 'yes' or 'no', text neutralised and quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}

/** Several records as one chunk, for a batch read from the database. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map(csvLine).join('');
}
