import type { Db } from '#server/db/connect';
import { DEFAULT_JOB_POLICY, type JobQueue } from '#server/jobs/queue';
import type { AccountLinks } from './account-links';
import { recordProvisioningFailure, SWEEP_GRACE_MS, type CompletionResult, type ErrorLog, type Orders, type PaymentEvidence, type PaymentLog } from '#server/features/orders/index';
import { SCHEDULED_POLICY } from '#server/features/subscriptions/index';
import type { OrderConfirmation } from './order-confirmation';
import type { ProvisionResult, ProvisioningWorkflow } from './provisioning';
import type { SavedCardWorkflow } from './renewals/saved-cards';
import type { TelegramAlerts } from './telegram';

/**
 * What follows a payment, for every way an order becomes paid (card, crypto, a free order,
 * the admin's honour): the order's provisioning (a new subscription with its credentials, a
 * streaming box and its shipment, or a renewal), the buyer's setup link when they have no
 * password, and the order confirmation. Each is a durable job (D10), keyed by the order, so
 * a repeated or concurrent start adds nothing, and two sweeps find paid orders whose start
 * a crash lost (docs/decisions/0015, 0029).
 */
export const PAID_ORDER_JOBS = {
  provisionOrder: 'provision-order',
  orderConfirmationMail: 'order-confirmation-mail',
  sweepPaidOrders: 'sweep-paid-orders',
} as const;

/** The minute sweep starts once an instance has been up for the grace, so a restart picks up lost orders within a minute or so. */
const SWEEP_CRON = '* * * * *';
/** Each started instance also looks for recently paid orders without their jobs every few seconds (docs/decisions/0029). */
const RECENT_SWEEP_SECONDS = 5;

export interface PaidOrderDeps {
  db: Db;
  jobs: JobQueue;
  orders: Pick<Orders, 'completeOrder' | 'unfinishedPaidOrders' | 'recentlyUnfinishedPaidOrders'>;
  provisioning: Pick<ProvisioningWorkflow, 'provisionOrder'>;
  confirmation: Pick<OrderConfirmation, 'sendOrderConfirmation'>;
  accounts: Pick<AccountLinks, 'sendSetupLink'>;
  /** Keeps the card of a purchase with "Renew automatically" for its new subscription (decision 0044). */
  savedCards?: Pick<SavedCardWorkflow, 'saveCardOfPaidOrder'>;
  /** Tells the staff chat of a provisioning that ran out of attempts (decision 0103). */
  alerts?: Pick<TelegramAlerts, 'provisioningFailed'>;
}

type UnfinishedOrder = { id: string; fulfilledAt: Date | null; confirmationSentAt: Date | null };

export function createPaidOrderWorkflow({ db, jobs, orders, provisioning, confirmation, accounts, savedCards, alerts }: PaidOrderDeps) {
  const jobsOf = (order: UnfinishedOrder) => [
    ...(order.fulfilledAt ? [] : [{ name: PAID_ORDER_JOBS.provisionOrder, data: { orderId: order.id }, singletonKey: order.id }]),
    ...(order.confirmationSentAt ? [] : [{ name: PAID_ORDER_JOBS.orderConfirmationMail, data: { orderId: order.id }, singletonKey: order.id }]),
  ];

  /**
   * Right after an order became paid (after the commit): its provisioning and its
   * confirmation, as jobs. The payment stands whatever happens here: a lost start is picked
   * up by the quick sweep within about 15 s (docs/decisions/0029).
   */
  async function start(orderId: string, log: ErrorLog): Promise<void> {
    await jobs
      .sendAll(jobsOf({ id: orderId, fulfilledAt: null, confirmationSentAt: null }))
      .catch((err: unknown) => log.error({ err, orderId }, 'starting the jobs of a paid order failed; the sweep sends them'));
  }

  /**
   * Provisions the order, then emails a buyer without a password their setup link: from
   * the run that applied the order, or from a job's retry, which may follow a failed send.
   */
  async function provision(orderId: string, { isRetry = false } = {}): Promise<ProvisionResult> {
    const result = await provisioning.provisionOrder(orderId);
    if (result.outcome === 'provisioned' && (result.appliedNow || isRetry)) {
      await accounts.sendSetupLink({ customerId: result.customerId, orderId, onlyWithoutPassword: true });
    }
    // Every run, as it is idempotent: a run that failed after provisioning saves the card on its retry.
    if (result.outcome === 'provisioned' && result.autoRenew) await savedCards?.saveCardOfPaidOrder(orderId, result.subscriptionId);
    return result;
  }

  jobs.work<{ orderId: string }>(PAID_ORDER_JOBS.provisionOrder, async ({ orderId }, job) => {
    try {
      await provision(orderId, { isRetry: job.retryCount > 0 });
    } catch (error) {
      // The last attempt leaves its reason on the order for the admin's list (retry-provisioning or refund).
      if (job.retryCount >= DEFAULT_JOB_POLICY.retryLimit) {
        const failure = { orderId, attempts: job.retryCount + 1, error: error instanceof Error ? error.message : String(error), at: new Date() };
        // The reason and the staff's alert commit together: neither without the other.
        await db.transaction(async (tx) => {
          await recordProvisioningFailure(tx, failure.orderId, failure.attempts, failure.error);
          await alerts?.provisioningFailed(tx, failure);
        });
      }
      throw error;
    }
  });
  jobs.work<{ orderId: string }>(PAID_ORDER_JOBS.orderConfirmationMail, async ({ orderId }) => {
    await confirmation.sendOrderConfirmation(orderId);
  });
  jobs.work(
    PAID_ORDER_JOBS.sweepPaidOrders,
    async () => {
      // A job that ran out of attempts keeps the order's job id: it is put back, not re-sent.
      for (const order of await orders.unfinishedPaidOrders()) {
        for (const job of jobsOf(order)) await jobs.send(job.name, job.data, { singletonKey: job.singletonKey, requeueFailed: true });
      }
    },
    SCHEDULED_POLICY,
  );
  jobs.schedule(PAID_ORDER_JOBS.sweepPaidOrders, SWEEP_CRON, { afterStartSeconds: SWEEP_GRACE_MS / 1000 });
  jobs.every('sweep of recently paid orders', RECENT_SWEEP_SECONDS, async () => {
    const lost = await orders.recentlyUnfinishedPaidOrders();
    // One statement for all; jobs already there (running, waiting for a retry, done) are skipped.
    if (lost.length > 0) await jobs.sendAll(lost.flatMap(jobsOf));
  });

  return {
    start,

    /** Completes an order with its payment and, when this call did it, starts what follows. */
    async completeOrder(orderId: string, evidence: PaymentEvidence, log: PaymentLog): Promise<CompletionResult> {
      const result = await orders.completeOrder(orderId, evidence, log);
      if (result.outcome === 'completed') await start(orderId, log);
      return result;
    },

    /**
     * Provisions a paid order now instead of waiting for its job (the trial at sign-up);
     * idempotent, like the job, with which it may run concurrently.
     */
    provisionNow: (orderId: string) => provision(orderId),

    /** An admin's retry of a paid order's provisioning: its job again, with fresh attempts when it ran out. */
    async requeueProvisioning(orderId: string): Promise<void> {
      await jobs.send(PAID_ORDER_JOBS.provisionOrder, { orderId }, { singletonKey: orderId, requeueFailed: true });
    },
  };
}

export type PaidOrderWorkflow = ReturnType<typeof createPaidOrderWorkflow>;
