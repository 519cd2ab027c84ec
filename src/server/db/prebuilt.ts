import { Column, is, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './connect';
import { singleStatementName } from './prepared-statements';

/** A drizzle query builder: select, insert, update or delete, not yet run. */
interface Buildable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

/** What drizzle keeps of a built statement, and the session call that runs it again (drizzle's PgPreparedQuery and PgSession). */
interface BuiltStatement<Result> {
  getQuery(): unknown;
  fields?: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  queryMetadata?: unknown;
  cacheConfig?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Record<string, unknown>): Promise<Result>;
}
interface Session {
  prepareQuery(...args: unknown[]): BuiltStatement<unknown>;
}

type Row = Record<string, unknown>;

/**
 * The row mapping of a statement whose every selected field is a column of its own name (no
 * joined tables, no SQL expressions), made once for the statement: each value goes through
 * its column's decoder, as drizzle's `mapResultRow` does, without that function's per-value
 * entity checks, which were most of mapping a purchase's rows (decision 0068). Any other
 * field list is left to drizzle (undefined).
 */
function columnRowMapper(fields: unknown): ((rows: unknown[][]) => Row[]) | undefined {
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const names: string[] = [];
  const decoders: (Column | null)[] = [];
  for (const { path, field } of fields as { path: string[]; field: unknown }[]) {
    if (path.length !== 1 || !is(field, Column)) return undefined;
    names.push(path[0]!);
    // A column that keeps the driver's value as it is needs no call.
    decoders.push(field.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : field);
  }
  const mapRow = (row: unknown[]): Row => {
    const mapped: Row = {};
    for (let i = 0; i < names.length; i++) {
      const value = row[i];
      const decoder = decoders[i];
      mapped[names[i]!] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    return mapped;
  };
  return (rows) => rows.map(mapRow);
}

/**
 * A statement whose SQL text drizzle builds once per process rather than on every call
 * (docs/decisions/0039): on a purchase's hot path, building the text was the largest part
 * of the store's own CPU. `build` gives the same statement for any database or transaction;
 * only its `sql.placeholder(...)` values vary, filled (through each column's encoder) when
 * it runs. It runs on the database or transaction it is given, exactly as the built query would.
 */
export function prebuilt<Result>(build: (db: DbOrTx) => Buildable<Result>) {
  let built: BuiltStatement<Result> | null = null;
  let mapRows: unknown;
  return (db: DbOrTx, values: Record<string, unknown> = {}): Promise<Result> => {
    if (!built) {
      built = build(db).prepare(undefined as unknown as string) as unknown as BuiltStatement<Result>;
      // Fields of paths of one name only: drizzle's joined-table nulling never applies to them.
      mapRows = built.customResultMapper ?? columnRowMapper(built.fields);
      return built.execute(values);
    }
    // The same text, parameters and row mapping, bound to this call's connection.
    const session = (db as unknown as { session: Session }).session;
    const statement = session.prepareQuery(
      built.getQuery(),
      built.fields,
      undefined,
      built._isResponseInArrayMode,
      mapRows,
      built.queryMetadata,
      built.cacheConfig,
    );
    statement.joinsNotNullableMap = built.joinsNotNullableMap;
    return statement.execute(values) as Promise<Result>;
  };
}

/**
 * A raw statement (`sql\`...\``) whose text is built once per process, as `prebuilt` does for
 * a query builder (decision 0048): `build` writes it with `sql.placeholder(name)` where the
 * values go, and each call runs the same text with its `values`, as `db.execute` runs a
 * statement (no row mapping: the rows as the driver gives them).
 */
export function prebuiltSql<Row>(build: () => SQL) {
  let query: { sql: string } | null = null;
  let name: string | undefined;
  return async (db: DbOrTx, values: Record<string, unknown> = {}): Promise<Row[]> => {
    const session = (db as unknown as { session: Session & { dialect: { sqlToQuery(sql: SQL): { sql: string } } } }).session;
    if (!query) {
      query = session.dialect.sqlToQuery(build());
      // Named even without parameters (the pool names only those with some, decision 0025): one
      // statement, never several, and a statement with no parameters is planned once per connection.
      name = singleStatementName(query.sql);
    }
    const result = await session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/**
 * A cause whose statement has the same text every time, with `sql.placeholder(name)` where
 * its `values` go: the statement around it (an email's INSERT, features/mail) is then built
 * once per process for each `shape` (decision 0048): building the email's INSERT and its
 * cause per email was a purchase's largest drizzle cost.
 */
export interface PrebuiltCause {
  /** Names the cause's text: one shape, one text. */
  shape: string;
  build: () => SQLWrapper;
  values: Record<string, unknown>;
}
