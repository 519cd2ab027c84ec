import { CARD_NOT_SAVED, CARD_SETUP_NOT_FOUND, cardSetupLimitMessage, type CardSetupResponse, type Subscription } from '#contract/subscriptions';
import type { Db } from '#server/db/connect';
import { enforceAttemptLimits } from '#server/lib/attempt-limits';
import { invalid, paymentDeclined, providerFailed } from '#domain/errors';
import type { Clock } from '#server/lib/clock';
import { findCustomer } from '#server/features/accounts/index';
import { findOrder, type ErrorLog } from '#server/features/orders/index';
import { cardProviderCustomerFor, knownCardProviderCustomer, recordSavedCard } from '#server/features/payments/index';
import type { Mail } from '#server/features/mail/index';
import { assertCanTurnOn } from '#server/features/renewals/index';
import { attachCardOfPurchase, ownSettings, switchAutoRenew, useCard, type Subscriptions } from '#server/features/subscriptions/index';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, type CardPaymentProvider } from '#server/providers/payments/index';
import { turnOffAutoRenew } from './auto-renew-off';

/**
 * "Update card" opens a SetupIntent at the card provider each time: 10 a day per account is
 * far above an owner's need and keeps the form from serving to test stolen cards.
 */
const CARD_SETUPS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Saved cards across features (decision 0044): the payments feature keeps the cards, the
 * subscriptions feature says which card renews which subscription, the renewals feature
 * when the switch may turn on, the accounts feature whom to write to. Automatic renewal's
 * charges are another workflow's.
 */

export interface SavedCardDeps {
  db: Db;
  clock: Clock;
  cardPayments: CardPaymentProvider;
  subscriptions: Pick<Subscriptions, 'viewOwned'>;
  mail: Pick<Mail, 'queue'>;
  config: { PUBLIC_URL: string; STORE_TIME_ZONE: string };
  /** Where a paid purchase that kept no card is reported. */
  logger?: ErrorLog;
}

/** A provider that fails or does not answer: 502, the customer may try again (decision 0016). */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
  }
}

export function createSavedCardWorkflow({ db, clock, cardPayments, subscriptions, mail, config, logger }: SavedCardDeps) {
  async function owner(customerId: string) {
    const customer = await findCustomer(db, customerId);
    if (!customer) throw invalid('Customer not found');
    return customer;
  }

  return {
    /**
     * After a purchase with "Renew automatically" was provisioned (the paid-order job, on
     * every path a payment arrives by): the card the payment kept is recorded and the new
     * subscription renews with it. Idempotent: the card row is unique per provider card and
     * the subscription takes the first card only, so a repeated notice or job saves nothing twice.
     * Throws while the provider fails, so the job tries again.
     */
    async saveCardOfPaidOrder(orderId: string, subscriptionId: string): Promise<void> {
      const order = await findOrder(db, orderId);
      if (!order?.autoRenew || order.paymentMethod !== 'card' || !order.stripePaymentIntentId || !order.customerId) return;
      const card = await cardPayments.savedCardOf(order.stripePaymentIntentId);
      if (!card) {
        // Paid with a method the provider cannot keep: the subscription simply does not renew by itself.
        logger?.error({ orderId, paymentIntentId: order.stripePaymentIntentId }, 'the payment kept no card; automatic renewal stays off');
        return;
      }
      const saved = await recordSavedCard(db, order.customerId, cardPayments.kind, card, clock.now());
      await attachCardOfPurchase(db, subscriptionId, saved.id, clock.now(), { replacesCard: order.renewsSubscriptionId !== null });
    },

    /**
     * PATCH /api/subscriptions/:id/auto-renew: the subscription as the account page shows it
     * afterwards. On needs a saved card and a subscription that can still renew (409 otherwise);
     * off takes effect at once and is confirmed by email in the same transaction. Asking for the
     * state it is already in changes nothing.
     */
    async setAutoRenew(customerId: string, subscriptionId: string, enabled: boolean): Promise<Subscription> {
      const current = await ownSettings(db, customerId, subscriptionId);
      await owner(customerId);
      if (current.autoRenew !== enabled) {
        const now = clock.now();
        if (!enabled) await db.transaction((tx) => turnOffAutoRenew(tx, { mail, config }, subscriptionId, now, customerId));
        else {
          assertCanTurnOn(current);
          await switchAutoRenew(db, subscriptionId, true, now, customerId);
        }
      }
      return subscriptions.viewOwned(customerId, subscriptionId);
    },

    /** POST /api/subscriptions/:id/card-setup: a SetupIntent for the customer's provider customer, for the browser to confirm. */
    async openCardSetup(customerId: string, subscriptionId: string): Promise<CardSetupResponse> {
      await ownSettings(db, customerId, subscriptionId);
      const limit = { key: `card-setup:customer:${customerId}`, max: CARD_SETUPS_PER_DAY, windowMs: DAY_MS };
      await enforceAttemptLimits(db, [limit], cardSetupLimitMessage);
      const customer = await owner(customerId);
      const name = `${customer.firstName} ${customer.lastName}`;
      const customerRef = await askProvider(() => cardProviderCustomerFor(db, cardPayments, { id: customer.id, email: customer.email, name }));
      // Each "Update card" is its own attempt: its key names the moment it began.
      const idempotencyKey = `card-setup-${subscriptionId}-${clock.now().getTime()}`;
      const setup = await askProvider(() => cardPayments.createSetupIntent({ customerRef, idempotencyKey }));
      return { provider: cardPayments.kind, clientSecret: setup.clientSecret, setupIntentId: setup.id };
    },

    /**
     * POST /api/subscriptions/:id/card: never on the browser's word. The provider's record of
     * the SetupIntent must say it succeeded, for this customer's provider customer; then the
     * card is recorded and the subscription's renewals charge it. A declined card changes nothing.
     */
    async useSetupCard(customerId: string, subscriptionId: string, setupIntentId: string): Promise<Subscription> {
      await ownSettings(db, customerId, subscriptionId);
      const setup = await askProvider(() => cardPayments.retrieveSetupIntent(setupIntentId));
      const mine = await knownCardProviderCustomer(db, customerId, cardPayments.kind);
      // Another customer's setup looks like a missing one: whose it is stays unknown.
      if (!setup || !mine || setup.customerRef !== mine) throw invalid(CARD_SETUP_NOT_FOUND);
      if (setup.status !== 'succeeded' || !setup.card) throw paymentDeclined(CARD_NOT_SAVED);
      const saved = await recordSavedCard(db, customerId, cardPayments.kind, setup.card, clock.now());
      await useCard(db, customerId, subscriptionId, saved.id, clock.now());
      return subscriptions.viewOwned(customerId, subscriptionId);
    },
  };
}

export type SavedCardWorkflow = ReturnType<typeof createSavedCardWorkflow>;
