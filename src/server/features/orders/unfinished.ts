import { and, asc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { orders } from './schema';

/**
 * Jobs for a paid order are sent right after the payment commits; the sweep leaves them
 * this long first (re-sending is harmless, this only saves work). Short, as a restart
 * waits this long before its first sweep (docs/decisions/0015).
 */
export const SWEEP_GRACE_MS = 30 * 1000;
/**
 * The quick sweep of recently paid orders (docs/decisions/0029): an order whose hand-off
 * an instance's death lost is found by a survivor within HANDOFF_GRACE_MS plus its interval
 * of the payment. The grace leaves a live hand-off, which takes milliseconds, to finish;
 * the window bounds the look-up, older orders being the minute sweep's.
 */
const HANDOFF_GRACE_MS = 10 * 1000;
const RECENT_WINDOW_MS = 2 * 60 * 1000;
const BATCH = 200;

export interface UnfinishedWindow {
  graceMs?: number;
  windowMs?: number;
}

/**
 * Paid orders whose provisioning or confirmation never finished (the process stopped
 * between the payment's commit and sending their jobs, or their jobs ran out of
 * attempts), paid more than a grace period ago.
 */
export async function unfinishedPaidOrders(db: DbOrTx, now = new Date(), { graceMs = SWEEP_GRACE_MS, windowMs }: UnfinishedWindow = {}) {
  return db
    .select({ id: orders.id, fulfilledAt: orders.fulfilledAt, confirmationSentAt: orders.confirmationSentAt })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'completed'),
        lte(orders.paidAt, new Date(now.getTime() - graceMs)),
        windowMs === undefined ? undefined : gt(orders.paidAt, new Date(now.getTime() - windowMs)),
        or(isNull(orders.fulfilledAt), isNull(orders.confirmationSentAt)),
      ),
    )
    .orderBy(asc(orders.paidAt))
    .limit(BATCH);
}

/** The same, paid between HANDOFF_GRACE_MS and a couple of minutes ago: hand-offs a crash just lost. */
export const recentlyUnfinishedPaidOrders = (db: DbOrTx, now = new Date()) =>
  unfinishedPaidOrders(db, now, { graceMs: HANDOFF_GRACE_MS, windowMs: RECENT_WINDOW_MS });
