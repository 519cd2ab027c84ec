import type { DbOrTx } from '#server/db/connect';
import { perAddressLimit } from '#server/lib/attempt-limits';

/** Orders placed from one address, by card, crypto or free, counted together. */
export const ORDER_ATTEMPT_LIMIT = { max: 60, windowMs: 10 * 60_000 };

export const orderAttemptLimit = (db: DbOrTx) => perAddressLimit(db, 'orders', ORDER_ATTEMPT_LIMIT, 'orders');
