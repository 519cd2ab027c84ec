import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from '../../src/server/db/connect';

/**
 * One process's connection to a shared test database, which can die at a chosen statement.
 * From the n-th statement it is asked to send (BEGIN and COMMIT included; the job queue's
 * polls and heartbeats not, as their number depends on timing), every statement fails, as
 * if the process had been killed there: what it committed stays, what it had not is rolled
 * back (ROLLBACK still goes through: it is what the server does with the transaction of a
 * connection that died), and nothing more of its own runs. A restart is an app on a new
 * CrashableDatabase over the same database.
 */
export interface CrashableDatabase {
  /** This process's database, to build an app on. */
  database: Database;
  /** The n-th counted statement from now (1-based) and every later one fail; Infinity only counts. */
  crashAt(n: number): void;
  /** The counted statements sent since crashAt, the one the crash stopped last. */
  readonly counted: readonly string[];
  /** The text of the statement the crash stopped, once it happened. */
  readonly crashedOn: string | null;
}

const isPoll = (text: string) => /^\s*WITH next as \(/.test(text) || /^\s*update pgboss\.job set expire_in/.test(text);
const isRollback = (text: string) => /^\s*rollback\s*$/i.test(text);
const textOf = (first: unknown) => (typeof first === 'string' ? first : String((first as { text?: string } | null)?.text ?? first));

export function crashable(shared: Database): CrashableDatabase {
  let crashAt = Infinity;
  const counted: string[] = [];
  let crashedOn: string | null = null;
  const closers: Array<() => void> = [];

  /** Throws when the process is dead or dies at this statement. */
  function step(text: string): void {
    if (crashedOn !== null) {
      if (isRollback(text)) return;
      throw new Error(`process crashed (at: ${crashedOn.slice(0, 60)})`);
    }
    if (isPoll(text) || isRollback(text)) return;
    counted.push(text);
    if (counted.length >= crashAt) {
      crashedOn = text;
      setImmediate(() => closers.forEach((close) => close()));
      throw new Error(`process crashed here: ${text.slice(0, 60)}`);
    }
  }

  return {
    database: shared.kind === 'postgres' ? postgresProcess(shared, step, (close) => closers.push(close)) : pgliteProcess(shared, step),
    crashAt(n: number) {
      crashAt = n;
      counted.length = 0;
    },
    get counted() {
      return counted;
    },
    get crashedOn() {
      return crashedOn;
    },
  };
}

/** A proxy of `target` whose methods named in `replaced` are the given ones; others run on the target. */
function withMethods<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && property in replaced) return replaced[property];
      const value: unknown = Reflect.get(object, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

function postgresProcess(shared: Database, step: (text: string) => void, onCrash: (close: () => void) => void): Database {
  const pool = shared.pool!;
  /** pg's query, in its promise form or (as pg-pool calls it) with a callback. */
  const guarded = (query: (...args: unknown[]) => unknown) => (...args: unknown[]) => {
    try {
      step(textOf(args[0]));
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const callback = args.at(-1);
      if (typeof callback === 'function') return void setImmediate(() => (callback as (e: Error) => void)(error));
      return Promise.reject(error);
    }
    return query(...args);
  };
  const processPool: pg.Pool = withMethods(pool, {
    query: guarded(pool.query.bind(pool) as (...args: unknown[]) => unknown),
    async connect() {
      const client = await pool.connect();
      let released = false;
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      // A dead process's connections close, and the server rolls back what they had not committed.
      onCrash(() => release(new Error('process crashed')));
      return withMethods(client, { query: guarded(client.query.bind(client) as (...args: unknown[]) => unknown), release });
    },
  });
  return {
    ...shared,
    pool: processPool,
    db: drizzlePostgres(processPool),
    executeSql: (text, values) => processPool.query(text, values),
    close: async () => {},
  };
}

function pgliteProcess(shared: Database, step: (text: string) => void): Database {
  const client = (shared.db as unknown as { $client: PGlite }).$client;
  type Query = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const guarded = (query: Query): Query => async (text, ...rest) => {
    step(text);
    return query(text, ...rest);
  };
  const processClient = withMethods(client, {
    query: guarded(client.query.bind(client) as Query),
    exec: guarded(client.exec.bind(client) as Query),
    transaction: async (work: (tx: Transaction) => Promise<unknown>) => {
      step('BEGIN');
      return client.transaction(async (tx) => {
        const result = await work(withMethods(tx, { query: guarded(tx.query.bind(tx) as Query), exec: guarded(tx.exec.bind(tx) as Query) }));
        // Dying here, before PGlite commits, rolls the transaction back.
        step('COMMIT');
        return result;
      });
    },
  });
  return {
    ...shared,
    db: drizzlePglite(processClient),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return processClient.query<Record<string, unknown>>(text, values);
      const results = await processClient.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) };
    },
    close: async () => {},
  };
}
