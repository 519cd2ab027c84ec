import type { CheckoutInput, SavedCardPayment } from '#contract/checkout';
import { SAVED_CARD_MISSING_MESSAGE } from '#contract/checkout';
import { SUBSCRIPTION_NOT_FOUND } from '#contract/subscriptions';
import { parseMoney } from '#domain/money';
import type { Db } from '#server/db/connect';
import { conflict, invalid, notFound, paymentDeclined, providerFailed } from '#domain/errors';
import type { CheckoutContext } from '#server/features/checkout/index';
import type { PlaceOrderWorkflow } from '../place-order';
import { attachPaymentIntent, findOrder, type OrderRow, type PaymentLog } from '#server/features/orders/index';
import { findSavedCard } from '#server/features/payments/index';
import { ownSettings, type Subscriptions } from '#server/features/subscriptions/index';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, type CardPayments, type PaymentIntentState } from '#server/providers/payments/index';
import type { CardPaymentWorkflow } from '../card-payment';
import type { PaidOrderWorkflow } from '../paid-order';
import type { SavedCardWorkflow } from './saved-cards';

export interface SavedCardRenewalDeps {
  db: Db;
  placeOrder: Pick<PlaceOrderWorkflow, 'place'>;
  cardPayments: CardPayments;
  cardPayment: Pick<CardPaymentWorkflow, 'completePaidIntent'>;
  paidOrder: Pick<PaidOrderWorkflow, 'provisionNow'>;
  subscriptions: Pick<Subscriptions, 'viewOwned'>;
  savedCards: Pick<SavedCardWorkflow, 'setAutoRenew'>;
}

/** The provider failed or did not answer: the customer may tap again, the same key charges at most once. */
async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
  }
}

/** Every tap on one order carries this key: a double tap or a retry is one charge at the provider. */
const chargeKey = (orderId: string) => `saved-card-${orderId}`;

/**
 * A renewal by hand paid with the subscription's saved card in one tap (decision 0076): the
 * order is placed and priced as every checkout is (D5), the card the subscription renews with
 * is charged through the provider's saved-card call, and a paid order is completed on the
 * provider's record (D8) and applied at once, so the answer carries the new expiry. A bank
 * that asks for 3-D Secure gets its customer's confirmation on the page, then `confirm`.
 */
export function createSavedCardRenewal({ db, placeOrder, cardPayments, cardPayment, paidOrder, subscriptions, savedCards }: SavedCardRenewalDeps) {
  /** The paid order applied now (its job may run too; both are idempotent); the subscription as it then stands. */
  async function paidAnswer(order: OrderRow, customerId: string, subscriptionId: string, log: PaymentLog): Promise<SavedCardPayment> {
    let applied = true;
    try {
      await paidOrder.provisionNow(order.id);
    } catch (error) {
      // The payment stands: the order's job applies it within moments, the page says so.
      applied = false;
      log.error({ err: error, orderId: order.id }, 'a renewal paid with the saved card was not applied at once; its job applies it');
    }
    const view = await subscriptions.viewOwned(customerId, subscriptionId);
    return { outcome: 'paid', orderId: order.id, expirationDate: applied ? view.expirationDate : null, clientSecret: null };
  }

  async function completeIntent(intent: PaymentIntentState, customerId: string, subscriptionId: string, log: PaymentLog): Promise<SavedCardPayment> {
    const order = await cardPayment.completePaidIntent(intent, log);
    return paidAnswer(order, customerId, subscriptionId, log);
  }

  /** The customer's own renewal order of the saved-card path, or 404 as for a missing one. */
  async function ownRenewalOrder(customerId: string, orderId: string): Promise<OrderRow & { renewsSubscriptionId: string }> {
    const order = await findOrder(db, orderId);
    if (!order || order.customerId !== customerId || !order.renewsSubscriptionId || order.paymentMethod !== 'card') throw notFound('Order not found');
    return { ...order, renewsSubscriptionId: order.renewsSubscriptionId };
  }

  return {
    /** POST /api/checkout/saved-card. */
    async pay(input: CheckoutInput, context: CheckoutContext & { log: PaymentLog }): Promise<SavedCardPayment> {
      const { customerId } = context;
      const subscriptionId = input.renewsSubscriptionId;
      if (!customerId || !subscriptionId) throw notFound(SUBSCRIPTION_NOT_FOUND);
      if (input.paymentMethod !== 'card') throw invalid('The saved card pays card orders only');
      const settings = await ownSettings(db, customerId, subscriptionId);
      const card = settings.savedCardId ? await findSavedCard(db, settings.savedCardId) : null;
      if (!card || card.provider !== cardPayments.kind) throw conflict(SAVED_CARD_MISSING_MESSAGE);

      // The card is saved already: the order keeps none. "Renew automatically" is the subscription's setting, kept below.
      const placed = await placeOrder.place({ ...input, autoRenew: false }, context, 'saved-card');
      const { order } = placed;
      if (order.paymentStatus === 'completed') return paidAnswer(order, customerId, subscriptionId, context.log);
      if (order.paymentMethod !== 'card' || order.paymentStatus !== 'pending') throw conflict('This order can no longer be paid');

      const result = await askProvider(() =>
        cardPayments.chargeOffSession({
          orderId: order.id,
          amountCents: parseMoney(order.totalAmount),
          currency: order.currency,
          customerRef: card.customerRef,
          paymentMethodRef: card.paymentMethodRef,
          idempotencyKey: chargeKey(order.id),
        }),
      );
      if (result.intent) await attachPaymentIntent(db, order.id, result.intent.id);
      if (result.outcome === 'declined') throw paymentDeclined(result.message);
      // Ticked while it was off: the saved card that just paid renews the subscription from now on.
      if (input.autoRenew && !settings.autoRenew) await savedCards.setAutoRenew(customerId, subscriptionId, true);
      if (result.outcome === 'authentication_required') {
        const clientSecret = cardPayments.kind === 'stripe' ? result.clientSecret : null;
        return { outcome: 'requires_action', orderId: order.id, expirationDate: null, clientSecret };
      }
      return completeIntent(result.intent, customerId, subscriptionId, context.log);
    },

    /**
     * POST /api/checkout/saved-card/confirm: after the bank's confirmation. The demo bank takes
     * it here; with Stripe the browser confirmed with Stripe.js and the server asks Stripe (D8).
     */
    async confirm(customerId: string, orderId: string, log: PaymentLog): Promise<SavedCardPayment> {
      const order = await ownRenewalOrder(customerId, orderId);
      if (order.paymentStatus === 'completed') return paidAnswer(order, customerId, order.renewsSubscriptionId, log);
      const intentId = order.stripePaymentIntentId;
      if (!intentId || order.paymentStatus !== 'pending') throw conflict('This order can no longer be paid');
      const intent = await askProvider(async () => {
        if (cardPayments.kind !== 'demo') return cardPayments.retrieve(intentId);
        const confirmed = await cardPayments.confirmAuthentication(intentId);
        return confirmed.outcome === 'succeeded' || confirmed.outcome === 'declined' ? confirmed.intent : null;
      });
      if (intent?.status === 'succeeded') return completeIntent(intent, customerId, order.renewsSubscriptionId, log);
      if (intent?.status === 'requires_action') return { outcome: 'requires_action', orderId, expirationDate: null, clientSecret: null };
      throw paymentDeclined('Your bank did not confirm the payment. Please try again or enter a card.');
    },
  };
}

