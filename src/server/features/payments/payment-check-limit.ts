import type { DbOrTx } from '#server/db/connect';
import { perAddressLimit } from '#server/lib/attempt-limits';

/**
 * Requests that ask the payment provider about a payment (the crypto status poll, the card
 * payment-success notice), counted together per address. The checkout page polls a crypto
 * payment every 10 s, 60 times in ten minutes; three such pages still pass.
 */
export const PAYMENT_CHECK_LIMIT = { max: 180, windowMs: 10 * 60_000 };

export const paymentCheckLimit = (db: DbOrTx) => perAddressLimit(db, 'payment-checks', PAYMENT_CHECK_LIMIT, 'payment checks');
