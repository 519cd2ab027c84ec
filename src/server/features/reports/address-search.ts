import { and, ilike, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/** `q` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The part before the '@' of a `q` shaped like an address or its end ("ann@x.com", "nn@x",
 * "ann@"): exactly one '@', something before it. Null for any other `q`.
 */
export function localPartEnd(q: string): string | null {
  const at = q.indexOf('@');
  if (at <= 0 || q.indexOf('@', at + 1) !== -1) return null;
  return q.slice(0, at);
}

/**
 * The rows whose address contains `q` in any case: `email ilike '%q%'`, always. Every stored
 * address has exactly one '@' (the contract's emailField, z.email, on every path that writes
 * one), so when `q` has one too, an address contains it only if its local part ends with
 * `q`'s part before the '@' (and its domain starts with the rest). Reversed, that end is a
 * start: a range of the `*_email_local_end_idx` indexes (drizzle/0020), where the trigram
 * index intersects posting lists that nearly every address shares ("@gmail.com", or the
 * bench's "@example.com": 41 ms a statement at a million orders). The range only narrows what
 * is read; the ilike still decides (decision 0051).
 *
 * The bounds are `~>=~`/`~<~`, text_pattern_ops' own operators, on an expression of the
 * parameter: a generic plan of the prepared statement (after five runs, decision 0025) can
 * still use the index, where `like $1` could not. The upper bound appends U+10FFFF, the last
 * code point, which no address holds.
 */
export function addressContains(email: AnyColumn, q: string): SQL {
  return addressMatches(email, containsPattern(q), localPartEnd(q));
}

/** A value of a statement, or a placeholder for it in a statement built once (prebuiltSql). */
export type ValueOrPlaceholder = string | Placeholder;

/**
 * addressContains with its two values given apart: `pattern` (containsPattern of `q`) and
 * `localEnd` (localPartEnd of `q`, null when `q` has no '@'), either of them a placeholder of
 * a statement built once per shape (decision 0069).
 */
export function addressMatches(email: AnyColumn, pattern: ValueOrPlaceholder, localEnd: ValueOrPlaceholder | null): SQL {
  const contains = ilike(email, pattern);
  if (localEnd === null) return contains;
  const localEndReversed = sql`reverse(lower(split_part(${email}, '@', 1)))`;
  const start = sql`reverse(lower(${localEnd}::text))`;
  return and(sql`${localEndReversed} ~>=~ ${start}`, sql`${localEndReversed} ~<~ (${start} || chr(1114111))`, contains)!;
}
