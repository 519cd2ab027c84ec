import type { DbOrTx } from './connect';

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

/**
 * A statement whose SQL text drizzle builds once per process rather than on every call
 * (docs/decisions/0039): on a purchase's hot path, building the text was the largest part
 * of the store's own CPU. `build` gives the same statement for any database or transaction;
 * only its `sql.placeholder(...)` values vary, filled (through each column's encoder) when
 * it runs. It runs on the database or transaction it is given, exactly as the built query would.
 */
export function prebuilt<Result>(build: (db: DbOrTx) => Buildable<Result>) {
  let built: BuiltStatement<Result> | null = null;
  return (db: DbOrTx, values: Record<string, unknown> = {}): Promise<Result> => {
    if (!built) {
      built = build(db).prepare(undefined as unknown as string) as unknown as BuiltStatement<Result>;
      return built.execute(values);
    }
    // The same text, parameters and row mapping, bound to this call's connection.
    const session = (db as unknown as { session: Session }).session;
    const statement = session.prepareQuery(
      built.getQuery(),
      built.fields,
      undefined,
      built._isResponseInArrayMode,
      built.customResultMapper,
      built.queryMetadata,
      built.cacheConfig,
    );
    statement.joinsNotNullableMap = built.joinsNotNullableMap;
    return statement.execute(values) as Promise<Result>;
  };
}
