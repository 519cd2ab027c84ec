import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { OrderRow, Orders } from '#server/features/orders/index';
import type { CryptoPayments, Payments } from '#server/features/payments/index';
import type { JobQueue } from '#server/jobs/queue';
import type { PaidOrderWorkflow } from './paid-order';
import { CRYPTO_WINDOW_MS, RESERVATION_HOLD_MS } from '#domain/payment-windows';

/**
 * Asks the payment providers about unpaid orders whose payment notice may have been lost
 * (a crash, a webhook that never came) and completes the paid ones through the same path
 * as the notices (docs/decisions/0015).
 */
export const RECONCILIATION_JOBS = {
  recent: 'reconcile-recent-payments',
  older: 'reconcile-older-payments',
} as const;

const MINUTE_MS = 60_000;
/** A payment's own notice normally arrives within seconds; the job leaves it this long. */
export const RECONCILE_AFTER_MS = MINUTE_MS;
/** Orders younger than this are asked about every minute, older ones every 15 minutes. */
const RECENT_MS = 15 * MINUTE_MS;
/** A card is paid during the buyer's visit, so after a day a card order is not asked about. */
const CARD_WINDOW_MS = 24 * 60 * MINUTE_MS;
/** Provider calls per run at most. */
export const RECONCILE_BATCH = 100;

export interface ReconciliationDeps {
  orders: Pick<Orders, 'ordersAwaitingPayment' | 'abandonedReservations' | 'releaseReservation'>;
  payments: Pick<Payments, 'reconcileCardOrder'>;
  crypto: Pick<CryptoPayments, 'reconcileOrder'>;
  paidOrder: Pick<PaidOrderWorkflow, 'start'>;
  logger?: FastifyBaseLogger | undefined;
}

export function createPaymentReconciliation({ orders, payments, crypto, paidOrder, logger }: ReconciliationDeps) {
  const log = logger ?? pino({ level: 'silent' });

  /** Asks the order's provider; an order this completes goes the way of any paid order. Says whether the order changed. */
  async function reconcileOne(order: OrderRow): Promise<boolean> {
    const { changed, paidNow } = order.paymentMethod === 'card' ? await payments.reconcileCardOrder(order, log) : await crypto.reconcileOrder(order, log);
    if (paidNow) await paidOrder.start(order.id, log);
    return changed;
  }

  /** Asks about orders placed between `fromMs` (at most) and `toMs` ago, newest first; returns how many changed. */
  async function reconcile(fromMs: number, toMs: number, now = Date.now()): Promise<number> {
    const candidates = await orders.ordersAwaitingPayment({
      placedBefore: new Date(now - toMs),
      cardPlacedAfter: new Date(now - Math.min(fromMs, CARD_WINDOW_MS)),
      cryptoPlacedAfter: new Date(now - Math.min(fromMs, CRYPTO_WINDOW_MS)),
      limit: RECONCILE_BATCH,
    });
    let changed = 0;
    for (const order of candidates) {
      try {
        if (await reconcileOne(order)) changed += 1;
      } catch (err) {
        // One provider failure must not stop the others; the next run asks again.
        log.warn({ err, orderId: order.id }, 'asking the payment provider about an unpaid order failed');
      }
    }
    if (changed > 0) log.info({ changed }, 'payment reconciliation updated orders');
    return changed;
  }

  /**
   * Gives back the coupon uses of unpaid orders their buyers left. Each is asked about once
   * more first, so a payment made meanwhile completes the order instead; a payment after the
   * release still completes it (decision 0020). Returns how many were given back.
   */
  async function releaseAbandoned(now = Date.now()): Promise<number> {
    const abandoned = await orders.abandonedReservations({
      // The buyer has left, and the coupon use goes back (decision 0020): holding a limited
      // coupon's uses longer would hide them from buyers who pay. A crypto order with a
      // payment holds its use until the provider says it expired, or for the crypto window.
      placedBefore: new Date(now - RESERVATION_HOLD_MS),
      cryptoPlacedBefore: new Date(now - CRYPTO_WINDOW_MS),
      limit: RECONCILE_BATCH,
    });
    let released = 0;
    for (const order of abandoned) {
      try {
        await reconcileOne(order);
        if (await orders.releaseReservation(order.id)) released += 1;
      } catch (err) {
        // Unsure whether it was paid: kept for the next run.
        log.warn({ err, orderId: order.id }, 'releasing the coupon reservation of an abandoned order failed');
      }
    }
    if (released > 0) log.info({ released }, 'coupon reservations of abandoned orders given back');
    return released;
  }

  return {
    releaseAbandoned,
    /** Orders placed 1 to 15 minutes ago. */
    recent: (now?: number) => reconcile(RECENT_MS, RECONCILE_AFTER_MS, now),
    /** Orders placed from 15 minutes to 7 days ago (card orders: up to a day). */
    older: (now?: number) => reconcile(CRYPTO_WINDOW_MS, RECENT_MS, now),
  };
}

const RUN_ONCE = { retryLimit: 0, concurrency: 1 };

/**
 * Registers reconciliation: recent orders every minute and after start-up (then the release of
 * abandoned coupon reservations), older ones every 15 minutes.
 */
export function schedulePaymentReconciliation(jobs: JobQueue, deps: ReconciliationDeps): void {
  const reconciliation = createPaymentReconciliation(deps);
  jobs.work(
    RECONCILIATION_JOBS.recent,
    async () => {
      await reconciliation.recent();
      await reconciliation.releaseAbandoned();
    },
    RUN_ONCE,
  );
  jobs.work(RECONCILIATION_JOBS.older, async () => void (await reconciliation.older()), RUN_ONCE);
  // After a restart, orders placed just before the crash are old enough a minute later.
  jobs.schedule(RECONCILIATION_JOBS.recent, '* * * * *', { afterStartSeconds: RECONCILE_AFTER_MS / 1000 });
  jobs.schedule(RECONCILIATION_JOBS.older, '*/15 * * * *');
}
