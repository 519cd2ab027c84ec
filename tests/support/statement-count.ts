import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../src/server/db/connect';

/**
 * Counts the SQL statements an app sends to its database, BEGIN and COMMIT included: each
 * is one round trip to PostgreSQL, or one turn of PGlite's single connection. Counted at
 * the driver, under drizzle and pg-boss alike. A parameterless multi-statement text (as
 * pg-boss sends) is one round trip and counts once.
 */
export interface StatementCounter {
  /** The statements sent since the last reset, in order. */
  readonly statements: string[];
  reset(): void;
  /** Runs `work` and returns the statements it sent. */
  during(work: () => Promise<unknown>): Promise<string[]>;
}

const COUNTED = Symbol('statement-counted');

type Counted<T> = T & { [COUNTED]?: true };

export function countStatements(database: Database): StatementCounter {
  const statements: string[] = [];
  const record = (text: unknown) => statements.push(typeof text === 'string' ? text : String((text as { text?: string })?.text ?? text));
  if (database.kind === 'postgres') countPoolStatements(database.pool!, record);
  else countPgliteStatements((database.db as unknown as { $client: PGlite }).$client, record);
  const counter: StatementCounter = {
    statements,
    reset: () => void statements.splice(0),
    async during(work) {
      counter.reset();
      await work();
      return [...statements];
    },
  };
  return counter;
}

/** Every client the pool hands out, for pool.query and transactions alike. */
function countPoolStatements(pool: pg.Pool, record: (text: unknown) => void): void {
  pool.on('acquire', (client: Counted<pg.PoolClient>) => {
    if (client[COUNTED]) return;
    client[COUNTED] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      record(args[0]);
      return query(...args);
    };
  });
}

// PGlite's methods, wrapped without restating their overloads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFunction = (...args: any[]) => any;

/** PGlite's query, exec and a transaction's BEGIN/COMMIT each take one turn of its connection. */
function countPgliteStatements(client: Counted<PGlite>, record: (text: unknown) => void): void {
  if (client[COUNTED]) return;
  client[COUNTED] = true;
  const instance = client as unknown as { query: AnyFunction; exec: AnyFunction; transaction: AnyFunction };
  const query = instance.query.bind(client);
  const exec = instance.exec.bind(client);
  const transaction = instance.transaction.bind(client);
  instance.query = (text: string, ...rest: unknown[]) => (record(text), query(text, ...rest));
  instance.exec = (text: string, ...rest: unknown[]) => (record(text), exec(text, ...rest));
  instance.transaction = (work: (tx: Record<string, AnyFunction>) => Promise<unknown>) => {
    record('BEGIN');
    return transaction(async (tx: Record<string, AnyFunction>) => {
      // Inherits the rest (rollback, closed) from PGlite's own transaction object.
      const counted = Object.assign(Object.create(tx) as Record<string, AnyFunction>, {
        query: (text: string, ...rest: unknown[]) => (record(text), tx.query!(text, ...rest)),
        exec: (text: string, ...rest: unknown[]) => (record(text), tx.exec!(text, ...rest)),
      });
      const result = await work(counted);
      record('COMMIT');
      return result;
    });
  };
}
