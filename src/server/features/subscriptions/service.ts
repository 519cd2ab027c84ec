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
import { markShipmentDelivered, shippedMail, updateShipment } from '#server/features/orders/index';
import type { AuditActor } from '#domain/actors';
import { conflict, notFound } from '#domain/errors';
import type { JobQueue } from '#server/jobs/queue';
import type { Mail } from '#server/features/mail/index';
import type { ProvisioningProvider } from '#server/providers/provisioning/index';
import type { Clock } from '#server/lib/clock';
import { createDevices } from './devices';
import { createLifecycle } from './lifecycle';
import type { ZoneOf } from './receipts';
import { createProvisioning, type ProvisionResult } from './provisioning';
import { endServiceOfRefund, type RefundedOrder } from './refunds';
import { customerSubscriptions, renewalTerms, type RenewalStatesOf, type RenewalTerms, type SavedCardSummaries } from './views';

/** The durable jobs of this capability (D10), with their schedules. */
export const SUBSCRIPTION_JOBS = {
  expireSubscriptions: 'expire-subscriptions',
  /** Brings a subscription's panel lines in line with it after a refund, retried while the panel fails. */
  syncLines: 'sync-subscription-lines',
} as const;

const EXPIRY_CRON = '*/5 * * * *';
/** A scheduled run that fails is simply done by the next one. */
export const SCHEDULED_POLICY = { retryLimit: 2, retryDelaySeconds: 30, concurrency: 1 };

export interface SubscriptionsDeps {
  db: Db;
  config: { XTREAM_SERVER_URL: string; PUBLIC_URL: string; STORE_TIME_ZONE: string; GRACE_DAYS: number };
  jobs: JobQueue;
  mail: Mail;
  provider: ProvisioningProvider;
  clock: Clock;
  /** The saved cards' summaries for the account page (decision 0044); none shown when absent. */
  savedCards?: SavedCardSummaries;
  /** The declined or unconfirmed renewal charges of the account page (decision 0045); every auto-renewal reads as scheduled when absent. */
  renewalStates?: RenewalStatesOf;
  /** The zone a customer's dates are written in (the accounts feature's, decision 0074); the store's for everyone when absent. */
  zoneOf?: ZoneOf;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The subscriptions service (services.ts): provisioning of paid orders (run by the paid-order workflow's
 * jobs), the subscription lifecycle, the account page's subscriptions and streaming box activation.
 */
export function createSubscriptions({ db, config, jobs, mail, provider, clock, savedCards, renewalStates, zoneOf = async () => config.STORE_TIME_ZONE }: SubscriptionsDeps) {
  const graceDays = config.GRACE_DAYS;
  const provisioning = createProvisioning({ db, provider, xtreamUrl: config.XTREAM_SERVER_URL, clock, graceDays, mail, publicUrl: config.PUBLIC_URL, savedCards, zoneOf });
  const lifecycle = createLifecycle({ db, mail, provisioning, publicUrl: config.PUBLIC_URL, clock, graceDays, savedCards, zoneOf, storeTimeZone: config.STORE_TIME_ZONE });

  jobs.work<{ subscriptionId: string }>(SUBSCRIPTION_JOBS.syncLines, async ({ subscriptionId }) => {
    await provisioning.syncLines(subscriptionId);
  });
  jobs.work(SUBSCRIPTION_JOBS.expireSubscriptions, async () => void (await lifecycle.expireSubscriptions(clock.now())), SCHEDULED_POLICY);
  jobs.schedule(SUBSCRIPTION_JOBS.expireSubscriptions, EXPIRY_CRON);

  async function ownedSubscription(customerId: string, subscriptionId: string): Promise<Subscription> {
    const [view] = UUID.test(subscriptionId) ? await customerSubscriptions(db, customerId, clock.now(), { graceDays, onlyId: subscriptionId, savedCards, renewalStates }) : [];
    if (!view) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return view;
  }

  return {
    /**
     * Provisions a paid order; idempotent, and safe to run concurrently with itself (the
     * trial's direct call and its job). Throws while the order is unpaid or the provider fails.
     */
    provisionOrder: (orderId: string): Promise<ProvisionResult> => provisioning.provisionOrder(orderId),

    /** Writes the order's confirmation email once (the paid-order workflow's job); throws while the order is unpaid. */
    sendOrderConfirmation: lifecycle.sendOrderConfirmation,

    /** The session customer's subscriptions for the account page, newest first. */
    listForCustomer: (customerId: string) => customerSubscriptions(db, customerId, clock.now(), { graceDays, savedCards, renewalStates }),

    /** One of the customer's subscriptions as the account page shows it; 404 for another's. */
    viewOwned: ownedSubscription,

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
        const message = shippedNow ? await shippedMail(tx, orderId, (customerId) => zoneOf(tx, customerId)) : null;
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
      if (!canRenew({ status: view.status, expirationDate: new Date(view.expirationDate) }, clock.now())) throw conflict(NOT_RENEWABLE);
    },

    /** Inside a refund's transaction: cancels the order's subscription, or takes a renewal's time back (decision 0021). */
    endServiceOfRefund: (tx: DbOrTx, order: RefundedOrder) => endServiceOfRefund(tx, order, clock.now()),

    /**
     * After a refund's commit: disables (or shortens) the subscription's panel lines through
     * a durable job, retried while the panel is down; the refund stands meanwhile.
     */
    async syncLinesAfterRefund(subscriptionId: string, orderId: string): Promise<void> {
      await jobs.send(SUBSCRIPTION_JOBS.syncLines, { subscriptionId }, { singletonKey: `refund:${orderId}`, requeueFailed: true });
    },

    /** The devices in their owner's hands and the store owner's (decision 0042). */
    devices: createDevices({ db, provider, clock }),

    expireSubscriptions: lifecycle.expireSubscriptions,

    // The reminder schedule's parts (decision 0046; workflows/renewals/reminder-schedule.ts).
    /** What a reminder says the renewal will be: `autoCharge` when the subscription renews itself from a saved card. */
    renewalTermsOf: (subscriptionId: string): Promise<RenewalTerms> => renewalTerms(db, subscriptionId, savedCards),
    /** The panel's lines of a subscription whose grace ended: off, or on again after a renewal (decision 0046; workflows/renewals/grace-suspension.ts). */
    disableLines: (subscriptionId: string) => provisioning.disableLines(subscriptionId),
    syncLines: (subscriptionId: string) => provisioning.syncLines(subscriptionId),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

