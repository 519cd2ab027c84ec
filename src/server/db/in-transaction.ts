import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './connect';

/**
 * Runs `work` in the caller's transaction, or in a new one when given the database itself:
 * for a write that must commit with its cause when there is one (an email with its order,
 * a Telegram message with its email).
 */
export function inTransaction<T>(db: Db, tx: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return tx instanceof PgTransaction ? work(tx) : db.transaction(work);
}
