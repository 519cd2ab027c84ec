import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { isSingleStatement, statementName } from './prepared-statements';

/**
 * PGlite runs every query as an unnamed statement in six calls into its WebAssembly (parse,
 * describe, bind, describe, execute, sync), so PostgreSQL parses and plans it each time.
 * Here a parameterised query, or one declared a single statement (prebuiltSql, decision
 * 0062), is prepared once under its text's name (the names of decision 0025) and later
 * runs send bind, describe, execute and sync in one call: a purchase's reads and writes
 * cost about a fifth as much (docs/decisions/0026). Results, errors and locking
 * are PGlite's own: its parsers, its error objects, its query and transaction mutexes.
 */

const serialize = protocol.serialize;

type Query = <T>(text: string, values?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

export function preparePgliteStatements(client: PGlite): void {
  // Each prepared statement's parameter types, which choose each value's serializer. Keyed by
  // name, not text: statementName has already looked the long text up once.
  const paramTypesByName = new Map<string, number[]>();

  /** The statement's parameter types on this database, preparing it on first use. */
  async function prepare(text: string, name: string, options: QueryOptions | undefined): Promise<number[]> {
    const known = paramTypesByName.get(name);
    if (known) return known;
    // Close first: a name left by a preparation that failed half-way would refuse the Parse.
    const messages = await run(
      [serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()],
      false,
      options,
    );
    const paramTypes = parse.parseDescribeStatementResults(messages);
    paramTypesByName.set(name, paramTypes);
    return paramTypes;
  }

  function run(messages: Uint8Array[], syncToFs: boolean, options: QueryOptions | undefined) {
    return client.execProtocolStream(Buffer.concat(messages), { syncToFs, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) });
  }

  /** Runs a prepared query; the caller holds PGlite's query mutex (and, outside a transaction, its transaction mutex). */
  async function runPrepared<T>(text: string, name: string, values: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    try {
      const paramTypes = await prepare(text, name, options);
      // PGlite's own choice of serializer: the query's, else the database's for the type, else text.
      const wireValues = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[i]!;
        const serializer = options?.serializers?.[type] ?? client.serializers[type];
        // Text, as PGlite sends a value of a type it has no serializer for.
        // eslint-disable-next-line @typescript-eslint/no-base-to-string
        return serializer ? serializer(value) : String(value);
      });
      const messages = await run(
        [serialize.bind({ statement: name, values: wireValues }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()],
        !inTransaction,
        options,
      );
      return parse.parseResults(messages, parsersFor(options), { ...options, parsers: undefined })[0] as Results<T>;
    } catch (error) {
      // As PGlite does: the failing query travels with the database error.
      if (error && typeof error === 'object' && 'severity' in error) Object.assign(error, { query: text, params: values, queryOptions: options });
      throw error;
    }
  }

  /**
   * The query's parsers over the database's. parseResults would copy both into a new object,
   * some 200 array types included, for every query that brings its own (drizzle's all do);
   * a prototype chain reads the same without the copy.
   */
  function parsersFor(options: QueryOptions | undefined): PGlite['parsers'] {
    return options?.parsers ? Object.assign(Object.create(client.parsers) as PGlite['parsers'], options.parsers) : client.parsers;
  }

  /** The name to run `text` under, or undefined when PGlite's own path should run it. */
  function nameFor(text: string, values: unknown[] | undefined, options: QueryOptions | undefined): string | undefined {
    // A blob or given parameter types: PGlite's own features.
    if (options?.blob || options?.paramTypes) return undefined;
    // No parameters: the text may hold several statements, unless it was built once as one (prebuiltSql).
    if ((!values || values.length === 0) && !isSingleStatement(text)) return undefined;
    return statementName(text);
  }

  const query = client.query.bind(client) as Query;
  client.query = (async (text: string, values?: unknown[], options?: QueryOptions) => {
    const name = nameFor(text, values, options);
    if (!name) return query(text, values, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => runPrepared(text, name, values ?? [], options, false)));
  }) as Query;

  const transaction = client.transaction.bind(client);
  client.transaction = (work) =>
    transaction((tx: Transaction) => {
      const txQuery = tx.query.bind(tx) as Query;
      tx.query = (async (text: string, values?: unknown[], options?: QueryOptions) => {
        const name = nameFor(text, values, options);
        if (!name || tx.closed) return txQuery(text, values, options);
        return client._runExclusiveQuery(() => runPrepared(text, name, values ?? [], options, true));
      }) as Query;
      return work(tx);
    });
}
