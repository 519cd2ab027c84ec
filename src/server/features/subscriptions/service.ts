import {
  BOX_NOT_DELIVERED,
  NOT_AWAITING_ACTIVATION,
  NOT_RENEWABLE,
  SUBSCRIPTION_NOT_FOUND,
  type Subscription,
} from '#contract/subscriptions';
import type { AdminShipment, ShipmentChanges } from '#contract/admin-shipments';
import { canRenew } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { markShipmentDelivered, shippedMail, updateShipment } from '#server/features/orders/service';
import type { AuditActor } from '../audit/service';
import { conflict, notFound } from '#server/http/errors';
import { DEFAULT_JOB_POLICY, type JobQueue } from '#server/jobs/queue';
import { recordProvisioningFailure } from '#server/features/orders/service';
import type { Mail } from '#server/features/mail/index';
import type { ProvisioningProvider } from '#server/providers/provisioning/index';
import { createLifecycle, SWEEP_GRACE_MS } from './lifecycle';
import { createProvisioning, type ProvisionResult } from './provisioning';
import { endServiceOfRefund, type RefundedOrder } from './refunds';
import { customerSubscriptions } from './views';

/** The durable jobs of this capability (D10), with their schedules. */
export const SUBSCRIPTION_JOBS = {
  provisionOrder: 'provision-order',
  orderConfirmationMail: 'order-confirmation-mail',
  expireSubscriptions: 'expire-subscriptions',
  expiryReminders: 'expiry-reminders',
  sweepPaidOrders: 'sweep-paid-orders',
  /** Brings a subscription's panel lines in line with it after a refund, retried while the panel fails. */
  syncLines: 'sync-subscription-lines',
} as const;

const SCHEDULES: Array<[name: string, cron: string]> = [
  [SUBSCRIPTION_JOBS.expireSubscriptions, '*/5 * * * *'],
  [SUBSCRIPTION_JOBS.expiryReminders, '*/15 * * * *'],
];
/**
 * The sweep runs every minute and once an instance has been up for the grace period, so
 * a paid order whose jobs a crash lost is picked up within a minute or so of a restart
 * (docs/decisions/0015).
 */
const SWEEP_CRON = '* * * * *';
/**
 * Each started instance also looks for recently paid orders without their jobs every few
 * seconds: one survivor of a crash hands them over within a quarter of a minute (docs/decisions/0029).
 */
const RECENT_SWEEP_SECONDS = 5;
/** A scheduled run that fails is simply done by the next one. */
const SCHEDULED_POLICY = { retryLimit: 2, retryDelaySeconds: 30, concurrency: 1 };

export interface SubscriptionsDeps {
  db: Db;
  config: { XTREAM_SERVER_URL: string; PUBLIC_URL: string };
  jobs: JobQueue;
  mail: Mail;
  provider: ProvisioningProvider;
  /** Emails a password setup link (the accounts capability's sendSetupLink), with onlyWithoutPassword to a buyer who has none yet. */
  sendSetupLink: (input: { customerId: string; orderId: string; onlyWithoutPassword: boolean }) => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * app.services.subscriptions: provisioning of paid orders through durable jobs, the
 * subscription lifecycle, the account page's subscriptions and streaming box activation.
 */
export function createSubscriptions({ db, config, jobs, mail, provider, sendSetupLink }: SubscriptionsDeps) {
  const provisioning = createProvisioning({ db, provider, xtreamUrl: config.XTREAM_SERVER_URL });
  const lifecycle = createLifecycle({ db, mail, provisioning, publicUrl: config.PUBLIC_URL });

  async function onOrderPaid(orderId: string): Promise<void> {
    await jobs.sendAll([
      { name: SUBSCRIPTION_JOBS.provisionOrder, data: { orderId }, singletonKey: orderId },
      { name: SUBSCRIPTION_JOBS.orderConfirmationMail, data: { orderId }, singletonKey: orderId },
    ]);
  }

  /**
   * Provisions the order, then emails a buyer without a password their setup link: from
   * the run that applied the order, or from a job's retry, which may follow a failed send.
   */
  async function provisionOrder(orderId: string, { isRetry = false } = {}): Promise<ProvisionResult> {
    const result = await provisioning.provisionOrder(orderId);
    if (result.outcome === 'provisioned' && (result.appliedNow || isRetry)) {
      await sendSetupLink({ customerId: result.customerId, orderId, onlyWithoutPassword: true });
    }
    return result;
  }

  jobs.work<{ orderId: string }>(SUBSCRIPTION_JOBS.provisionOrder, async ({ orderId }, job) => {
    try {
      await provisionOrder(orderId, { isRetry: job.retryCount > 0 });
    } catch (error) {
      // The last attempt leaves its reason on the order for the admin's list (retry-provisioning or refund).
      if (job.retryCount >= DEFAULT_JOB_POLICY.retryLimit) {
        await recordProvisioningFailure(db, orderId, job.retryCount + 1, error instanceof Error ? error.message : String(error));
      }
      throw error;
    }
  });
  jobs.work<{ subscriptionId: string }>(SUBSCRIPTION_JOBS.syncLines, async ({ subscriptionId }) => {
    await provisioning.syncLines(subscriptionId);
  });
  jobs.work<{ orderId: string }>(SUBSCRIPTION_JOBS.orderConfirmationMail, async ({ orderId }) => {
    await lifecycle.sendOrderConfirmation(orderId);
  });
  jobs.work(SUBSCRIPTION_JOBS.expireSubscriptions, async () => void (await lifecycle.expireSubscriptions()), SCHEDULED_POLICY);
  jobs.work(SUBSCRIPTION_JOBS.expiryReminders, async () => void (await lifecycle.sendExpiryReminders()), SCHEDULED_POLICY);
  jobs.work(
    SUBSCRIPTION_JOBS.sweepPaidOrders,
    async () => {
      // A job that ran out of attempts keeps the order's job id: it is put back, not re-sent.
      const again = { requeueFailed: true };
      for (const order of await lifecycle.unfinishedPaidOrders()) {
        const job = { orderId: order.id };
        if (!order.fulfilledAt) await jobs.send(SUBSCRIPTION_JOBS.provisionOrder, job, { singletonKey: order.id, ...again });
        if (!order.confirmationSentAt) await jobs.send(SUBSCRIPTION_JOBS.orderConfirmationMail, job, { singletonKey: order.id, ...again });
      }
    },
    SCHEDULED_POLICY,
  );
  for (const [name, cron] of SCHEDULES) jobs.schedule(name, cron);
  jobs.schedule(SUBSCRIPTION_JOBS.sweepPaidOrders, SWEEP_CRON, { afterStartSeconds: SWEEP_GRACE_MS / 1000 });
  jobs.every('sweep of recently paid orders', RECENT_SWEEP_SECONDS, async () => {
    const lost = await lifecycle.recentlyUnfinishedPaidOrders();
    if (lost.length === 0) return;
    // One statement for all; jobs already there (running, waiting for a retry, done) are skipped.
    await jobs.sendAll(
      lost.flatMap((order) => [
        ...(order.fulfilledAt ? [] : [{ name: SUBSCRIPTION_JOBS.provisionOrder, data: { orderId: order.id }, singletonKey: order.id }]),
        ...(order.confirmationSentAt ? [] : [{ name: SUBSCRIPTION_JOBS.orderConfirmationMail, data: { orderId: order.id }, singletonKey: order.id }]),
      ]),
    );
  });

  async function ownedSubscription(customerId: string, subscriptionId: string): Promise<Subscription> {
    const [view] = UUID.test(subscriptionId) ? await customerSubscriptions(db, customerId, new Date(), subscriptionId) : [];
    if (!view) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return view;
  }

  return {
    /**
     * Call right after an order became paid (after the commit). Enqueues its provisioning
     * and its confirmation email; calling again for the same order adds nothing. If this
     * fails, the quick sweep of recently paid orders enqueues them within about 15 s
     * (docs/decisions/0029).
     */
    onOrderPaid,

    /**
     * Provisions a paid order now instead of waiting for its job (the trial at sign-up);
     * idempotent, like the job, with which it may run concurrently. Throws when the
     * provider fails (the job then retries it).
     */
    provisionOrder: (orderId: string) => provisionOrder(orderId),

    /** The session customer's subscriptions for the account page, newest first. */
    listForCustomer: (customerId: string) => customerSubscriptions(db, customerId, new Date()),

    /** The owner starts a delivered streaming box's subscription (POST /api/subscriptions/:id/activate). */
    async activateForCustomer(customerId: string, subscriptionId: string): Promise<Subscription> {
      const view = await ownedSubscription(customerId, subscriptionId);
      if (view.status !== 'pending_activation') throw conflict(NOT_AWAITING_ACTIVATION);
      if (view.shipment?.status !== 'delivered') throw conflict(BOX_NOT_DELIVERED);
      if (!(await provisioning.activate(subscriptionId))) throw conflict(NOT_AWAITING_ACTIVATION);
      return ownedSubscription(customerId, subscriptionId);
    },

    /** The admin starts a streaming box's subscription, delivered or not; false when it was not waiting. */
    activateSubscription: (subscriptionId: string): Promise<boolean> =>
      UUID.test(subscriptionId) ? provisioning.activate(subscriptionId) : Promise.resolve(false),

    /**
     * PATCH /api/admin/shipments/:orderId. A box that becomes 'shipped' emails the buyer its
     * tracking number, written in the change's transaction (docs/decisions/0028); once per
     * tracking number, so a repeated change writes none.
     */
    async updateShipment(orderId: string, changes: ShipmentChanges, actor: AuditActor): Promise<AdminShipment> {
      return db.transaction(async (tx) => {
        const { shipment, shippedNow } = await updateShipment(tx, orderId, changes, actor);
        const message = shippedNow ? await shippedMail(tx, orderId) : null;
        if (message) await mail.queue(tx, message, { key: `shipment-shipped:${orderId}:${shipment.trackingNumber}` });
        return shipment;
      });
    },

    /** Records that an order's streaming box arrived; false when the order has no shipment or it was already delivered. */
    markShipmentDelivered: (orderId: string): Promise<boolean> => markShipmentDelivered(db, orderId),

    /**
     * For checkout, before it takes a renewal: the subscription must be the customer's
     * (404 otherwise) and renewable, that is active or expired (409 otherwise).
     */
    async assertRenewable(customerId: string, subscriptionId: string): Promise<void> {
      const view = await ownedSubscription(customerId, subscriptionId);
      if (!canRenew({ status: view.status, expirationDate: new Date(view.expirationDate) }, new Date())) throw conflict(NOT_RENEWABLE);
    },

    /** Inside a refund's transaction: cancels the order's subscription, or takes a renewal's time back (decision 0021). */
    endServiceOfRefund: (tx: DbOrTx, order: RefundedOrder) => endServiceOfRefund(tx, order, new Date()),

    /**
     * After a refund's commit: disables (or shortens) the subscription's panel lines through
     * a durable job, retried while the panel is down; the refund stands meanwhile.
     */
    async syncLinesAfterRefund(subscriptionId: string, orderId: string): Promise<void> {
      await jobs.send(SUBSCRIPTION_JOBS.syncLines, { subscriptionId }, { singletonKey: `refund:${orderId}`, requeueFailed: true });
    },

    /** An admin's retry of a paid order's provisioning: its job again, with fresh attempts when it ran out. */
    async requeueProvisioning(orderId: string): Promise<void> {
      await jobs.send(SUBSCRIPTION_JOBS.provisionOrder, { orderId }, { singletonKey: orderId, requeueFailed: true });
    },

    expireSubscriptions: lifecycle.expireSubscriptions,
    sendExpiryReminders: lifecycle.sendExpiryReminders,
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
