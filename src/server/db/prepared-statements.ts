import type pg from 'pg';

/**
 * Every parameterised statement the store sends PostgreSQL is a named prepared statement
 * on its connection, named after its text (on PGlite too: pglite-prepared-statements.ts):
 * the first run parses and plans it, later runs send only its parameters and reuse the
 * plan. Drizzle and pg-boss build the same text for the same query shape, so a few hundred
 * names cover the store; a purchase's statements spent as long being planned as run
 * (docs/decisions/0025).
 */

/** Distinct texts named per process; texts beyond it run unnamed, as before, so memory stays bounded. */
export const MAX_NAMED_STATEMENTS = 2000;

const names = new Map<string, string>();

/** The statement name for a text, or undefined once MAX_NAMED_STATEMENTS texts have names. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `s${names.size}`;
  names.set(text, name);
  return name;
}

/** Texts without parameters that are known to hold one statement: those built once per process (prebuiltSql). */
const singleStatements = new Set<string>();

/**
 * The statement name for a text built once per process (prebuiltSql), which is one statement
 * even without parameters: named, it is planned once per connection (decision 0056), on
 * PGlite too (decision 0062). Bounded as statementName is: a prebuilt text is one per call site.
 */
export function singleStatementName(text: string): string | undefined {
  const name = statementName(text);
  if (name !== undefined) singleStatements.add(text);
  return name;
}

/** Whether `text` was declared one statement by singleStatementName. */
export const isSingleStatement = (text: string): boolean => singleStatements.has(text);

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * Names the statements of one pool's connections. A text with no parameters may hold
 * several statements (pg-boss's migrations), which only the simple protocol runs, so it
 * stays unnamed; so does a call that names its own statement, and a submittable.
 */
export function prepareStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (first: unknown, ...rest: unknown[]) => query(named(first, rest), ...rest);
  });
}

function named(first: unknown, rest: unknown[]): unknown {
  if (typeof first === 'string') {
    const values = rest[0];
    if (!Array.isArray(values) || values.length === 0) return first;
    const name = statementName(first);
    return name ? { name, text: first } : first;
  }
  const config = first as QueryConfig | null;
  // A submittable (a cursor or stream object) runs itself; copying it would lose that.
  if (!config || typeof config !== 'object' || typeof config.text !== 'string' || config.name || 'submit' in config) return first;
  const values = Array.isArray(rest[0]) ? rest[0] : config.values;
  if (!values || values.length === 0) return first;
  const name = statementName(config.text);
  return name ? { ...config, name } : first;
}
