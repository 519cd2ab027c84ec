import { lineUsageOf } from './dispute-suspension';
import {
  BOX_NOT_DELIVERED,
  NOT_AWAITING_ACTIVATION,
  NOT_RENEWABLE,
  SUBSCRIPTION_NOT_FOUND,
  type Subscription,
} from '#contract/subscriptions';
import { canRenew } from '#domain/subscription-status';
import type { Db, DbOrTx } from '#server/db/connect';
import { conflict, notFound } from '#domain/errors';
import type { JobQueue } from '#server/jobs/queue';
import type { ProvisioningProvider } from '#server/providers/provisioning/index';
import type { Clock } from '#server/lib/clock';
import { createDevices } from './devices';
import { createLifecycle } from './lifecycle';
import { createProvisioning } from './provisioning';
import { endServiceOfRefund, type RefundedOrder } from './refunds';
import { customerSubscriptions, renewalTerms, type RenewalCurrenciesOf, type RenewalStatesOf, type RenewalTerms, type SavedCardSummaries, type ShipmentsOf } from './views';
import { isUuid } from '#domain/record-id';

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
  provider: ProvisioningProvider;
  clock: Clock;
  /** The saved cards' summaries for the account page (decision 0044); none shown when absent. */
  savedCards?: SavedCardSummaries;
  /** The declined or unconfirmed renewal charges of the account page (decision 0045); every auto-renewal reads as scheduled when absent. */
  renewalStates?: RenewalStatesOf;
  /** The currency each subscription renews in, which the account page's next charge is in (decision 0114); USD when absent. */
  renewalCurrencies?: RenewalCurrenciesOf;
  /** The boxes' shipments of the account page, which a box's activation waits for (the orders feature's). */
  shipmentsOf: ShipmentsOf;
}

/**
 * The subscriptions service (services.ts): its part of provisioning paid orders (the lines and
 * the rows, in workflows/provisioning.ts's transaction), the subscription lifecycle, the
 * account page's subscriptions and streaming box activation.
 */
export function createSubscriptions({ db, config, jobs, provider, clock, savedCards, renewalStates, renewalCurrencies, shipmentsOf }: SubscriptionsDeps) {
  const graceDays = config.GRACE_DAYS;
  const provisioning = createProvisioning({ db, provider, xtreamUrl: config.XTREAM_SERVER_URL, clock, graceDays });
  const lifecycle = createLifecycle({ db, provisioning, clock, graceDays });

  jobs.work<{ subscriptionId: string }>(SUBSCRIPTION_JOBS.syncLines, async ({ subscriptionId }) => {
    await provisioning.syncLines(subscriptionId);
  });
  jobs.work(SUBSCRIPTION_JOBS.expireSubscriptions, async () => void (await lifecycle.expireSubscriptions(clock.now())), SCHEDULED_POLICY);
  jobs.schedule(SUBSCRIPTION_JOBS.expireSubscriptions, EXPIRY_CRON);

  async function ownedSubscription(customerId: string, subscriptionId: string): Promise<Subscription> {
    const [view] = isUuid(subscriptionId) ? await customerSubscriptions(db, customerId, clock.now(), { graceDays, onlyId: subscriptionId, shipmentsOf, savedCards, renewalStates, renewalCurrencies }) : [];
    if (!view) throw notFound(SUBSCRIPTION_NOT_FOUND);
    return view;
  }

  return {
    /**
     * A paid order's lines on the panel and its subscription's writes, in the transaction of
     * workflows/provisioning.ts, which locks and marks the order (decision 0084).
     */
    provisioning: {
      newSubscriptionLines: provisioning.newSubscriptionLines,
      writeNewSubscription: provisioning.writeNewSubscription,
      renewalLines: provisioning.renewalLines,
      applyRenewal: provisioning.applyRenewal,
      discardLines: provisioning.discardLines,
      syncLines: provisioning.syncLines,
      subscriptionOfOrder: provisioning.subscriptionOfOrder,
    },

    /** The session customer's subscriptions for the account page, newest first. */
    listForCustomer: (customerId: string) => customerSubscriptions(db, customerId, clock.now(), { graceDays, shipmentsOf, savedCards, renewalStates, renewalCurrencies }),

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
      isUuid(subscriptionId) ? provisioning.activate(subscriptionId) : Promise.resolve(false),

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

    /** The devices in their owner's hands and the store owner's (decision 0042); their changes are recorded by workflows/device-actions.ts (decision 0088). */
    devices: createDevices({ db, provider, clock }),

    expireSubscriptions: lifecycle.expireSubscriptions,

    // The reminder schedule's parts (decision 0046; workflows/renewals/reminder-schedule.ts).
    /** What a reminder says the renewal will be: `autoCharge` when the subscription renews itself from a saved card. */
    renewalTermsOf: (subscriptionId: string): Promise<RenewalTerms> => renewalTerms(db, subscriptionId, savedCards),
    /** The panel's lines of a subscription whose grace ended: off, or on again after a renewal (decision 0046; workflows/renewals/grace-suspension.ts). */
    disableLines: (subscriptionId: string) => provisioning.disableLines(subscriptionId),
    /** A dispute's panel lines (decision 0100): after the hold's commit, brought in line by a durable job, retried while the panel is down. */
    /** Queued in the transaction that held or lifted the subscription: a crash cannot leave the panel unfollowed. */
    async syncLinesAfterDispute(tx: DbOrTx, subscriptionId: string, key: string): Promise<void> {
      await jobs.sendInTransaction(tx, [{ name: SUBSCRIPTION_JOBS.syncLines, data: { subscriptionId }, singletonKey: key }]);
    },
    /** Each device's use of its line on the panel now: a dispute's evidence. */
    lineUsage: (subscriptionId: string) => lineUsageOf(db, provider, subscriptionId),
    syncLines: (subscriptionId: string) => provisioning.syncLines(subscriptionId),
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;

