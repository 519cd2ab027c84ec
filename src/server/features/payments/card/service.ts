import { parseMoney } from '#domain/money';
import type { Db } from '#server/db/connect';
import { BLOCKLIST_REFUSAL } from '#domain/blocklist';
import { conflict, invalid, providerFailed, refused } from '#domain/errors';
import {
  CARD_PROVIDER_UNAVAILABLE_MESSAGE,
  InvalidWebhookError,
  isInCurrency,
  type CardPaymentEvent,
  type CardPaymentProvider,
  type PaymentIntentState,
} from '#server/providers/payments/index';
import { attachPaymentIntent, findOrder, paymentMismatch, type OrderRow, type Orders } from '#server/features/orders/index';
import type { PaymentLog } from '#server/lib/logs';
import { handleNoticeOnce } from '../processed-events';
import { cardProviderCustomerFor } from '../saved-cards';
import type { Reconciled } from '../reconciled';

export const ORDER_REFUNDED_MESSAGE = 'This order was refunded';
const NOT_THIS_ORDERS_PAYMENT = 'This payment does not belong to this order';

/** Why a PaymentIntent does not pay this order, or null when it does (D8). */
export function paymentProblem(order: OrderRow, intent: PaymentIntentState | null): string | null {
  if (!intent) return 'Payment not found';
  if (intent.metadata.orderId !== order.id) return NOT_THIS_ORDERS_PAYMENT;
  if (intent.status !== 'succeeded') return 'The payment has not succeeded';
  if (intent.amount !== parseMoney(order.totalAmount) || !isInCurrency(intent, order.currency)) {
    return 'The payment amount does not match the order';
  }
  return null;
}

/** The disputes workflow's call for a dispute's or an early fraud warning's event (decision 0100), handed in: a feature never imports a workflow. */
export type DisputeHandler = (event: Extract<CardPaymentEvent, { type: 'dispute' | 'early_fraud_warning' }>, log: PaymentLog) => Promise<void>;

/** A confirmed card payment's order, and whether this call completed it (the caller then starts what follows a payment). */
export interface ConfirmedCardPayment {
  order: OrderRow;
  paidNow: boolean;
}

/**
 * Card payments: opened for a placed order, confirmed never on the browser's word, always on
 * the provider's record. Each function says which order it completed, if any: what follows a
 * payment is the paid-order workflow's, which calls these.
 */
export interface PaymentsDeps {
  cardPayments: CardPaymentProvider;
  orders: Orders;
  /** The blocklist's entry for a card's fingerprint, described for the staff, or null (decision 0099). */
  blockedCard?: (fingerprint: string) => Promise<string | null>;
}

export function createPayments(db: Db, deps: PaymentsDeps) {
  async function retrieve(paymentIntentId: string): Promise<PaymentIntentState | null> {
    try {
      return await deps.cardPayments.retrieve(paymentIntentId);
    } catch (error) {
      throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
    }
  }

  /**
   * A payment by a blocked card (decision 0099) does not complete its order: the order is held
   * for review with the entry named, for the owner to refund, and nothing is provisioned.
   * The card is known only once it paid; a webhook's payload does not carry it, so then the
   * provider is asked.
   */
  async function heldAsBlocked(orderId: string, intent: PaymentIntentState, log: PaymentLog): Promise<boolean> {
    if (!deps.blockedCard) return false;
    const fingerprint = intent.cardFingerprint ?? (await retrieve(intent.id))?.cardFingerprint ?? null;
    const entry = fingerprint ? await deps.blockedCard(fingerprint) : null;
    if (!entry) return false;
    log.warn({ orderId, paymentIntentId: intent.id }, `a blocked card paid this order; held for review: ${entry}`);
    await deps.orders.markOrderNeedsReview(orderId, `Paid with a blocked card (${entry}): refund it`);
    return true;
  }

  /** The card provider's PaymentIntent for a placed order, and its client secret for the page: one per order, however often asked. */
  async function openCardPayment(order: OrderRow): Promise<string> {
    try {
      // "Renew automatically": the payment keeps its card for the buyer's provider customer (decision 0044).
      const saveCardFor =
        order.autoRenew && order.customerId
          ? await cardProviderCustomerFor(db, deps.cardPayments, { id: order.customerId, email: order.customerEmail, name: order.customerName })
          : undefined;
      const intent = await deps.cardPayments.createIntent({
        orderId: order.id,
        amountCents: parseMoney(order.totalAmount),
        // The order's own currency (decision 0104): the buyer is charged the number they saw.
        currency: order.currency,
        idempotencyKey: `order-${order.id}`,
        ...(saveCardFor ? { saveCardFor } : {}),
        // For the provider's fraud screening (decision 0100): what the checkout recorded of the buyer.
        buyer: { email: order.customerEmail, ipAddress: order.buyerIpAddress, userAgent: order.buyerUserAgent },
      });
      if (order.stripePaymentIntentId !== intent.id) {
        await attachPaymentIntent(db, order.id, intent.id);
      }
      return intent.clientSecret;
    } catch (error) {
      // The order stays pending: submitting the same checkout again replays it with the same intent (decision 0008).
      throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
    }
  }

  /**
   * POST /api/webhook/payment-success: completes the order only when the provider says
   * this PaymentIntent succeeded, belongs to the order, and paid its exact total.
   * Anyone may post a notice, so until the provider's record ties the intent to the order,
   * every refusal is the same one, after the same provider call: an unknown order, an
   * order paid otherwise and an intent of another order look alike, and no order id is
   * revealed by the answer or its time.
   */
  async function confirmCardPayment(orderId: string, paymentIntentId: string, log: PaymentLog): Promise<ConfirmedCardPayment> {
    const order = await findOrder(db, orderId);
    if (order?.paymentStatus === 'completed' && order.stripePaymentIntentId === paymentIntentId) return { order, paidNow: false };
    const intent = await retrieve(paymentIntentId);
    if (!order || order.paymentMethod !== 'card' || intent?.metadata.orderId !== order.id) throw invalid(NOT_THIS_ORDERS_PAYMENT);
    if (order.paymentStatus === 'refunded') throw conflict(ORDER_REFUNDED_MESSAGE);
    const problem = paymentProblem(order, intent);
    if (problem) throw invalid(problem);
    if (await heldAsBlocked(orderId, intent, log)) throw refused(BLOCKLIST_REFUSAL);
    const result = await deps.orders.completeOrder(orderId, { method: 'card', paymentIntentId }, log);
    // An unknown order, and another intent than the order's own though Stripe's record names
    // the order (logged by the completion), get the same answer: which ids exist stays unknown.
    if (result.outcome === 'not_found' || result.outcome === 'refused') throw invalid(NOT_THIS_ORDERS_PAYMENT);
    if (result.outcome === 'needs_review') throw conflict(result.reason);
    return { order: result.order, paidNow: result.outcome === 'completed' };
  }

  /**
   * A PaymentIntent the provider itself just reported paid (the demo network's confirmation,
   * as Stripe's payment_intent.succeeded would): completes its order without asking the
   * provider again, in one guarded UPDATE that checks the amount (D8). Anything else (a
   * settled order, a mismatch) takes confirmCardPayment's path for its exact answer.
   */
  async function completePaidIntent(intent: PaymentIntentState, log: PaymentLog): Promise<ConfirmedCardPayment> {
    const orderId = intent.metadata.orderId ?? '';
    if (intent.status === 'succeeded' && (await heldAsBlocked(orderId, intent, log))) throw refused(BLOCKLIST_REFUSAL);
    if (intent.status === 'succeeded') {
      // The guarded UPDATE checks the amount and the currency against the order's (D8, decision 0104).
      const evidence = { method: 'card' as const, paymentIntentId: intent.id, paidCents: intent.amount, paidCurrency: intent.currency.toUpperCase() };
      const result = await deps.orders.completeOrder(orderId, evidence, log);
      if (result.outcome === 'completed') return { order: result.order, paidNow: true };
    }
    return confirmCardPayment(orderId, intent.id, log);
  }

  /** The id of the order this notice completed, if it did. */
  async function onIntentSucceeded(state: PaymentIntentState, log: PaymentLog): Promise<string | null> {
    const order = state.metadata.orderId ? await findOrder(db, state.metadata.orderId) : null;
    // PaymentIntents this store did not create (other integrations on the account) are not ours.
    if (!order) return null;
    // Signed, so real, but not this order's payment: acknowledged so that Stripe stops
    // sending it, and the order left as it is (not even held for review).
    const foreign = paymentMismatch(order, { method: 'card', paymentIntentId: state.id });
    if (foreign) {
      log.warn({ orderId: order.id, paymentIntentId: state.id, reason: foreign }, 'Stripe reported a payment that is not this order\'s; the order is unchanged');
      return null;
    }
    const problem = paymentProblem(order, state);
    if (problem) {
      await deps.orders.markOrderNeedsReview(order.id, `Stripe reported ${state.id} as paid, but: ${problem}`);
      return null;
    }
    if (order.paymentStatus !== 'completed' && (await heldAsBlocked(order.id, state, log))) return null;
    const result = await deps.orders.completeOrder(order.id, { method: 'card', paymentIntentId: state.id }, log);
    return result.outcome === 'completed' ? order.id : null;
  }

  /** The id of the order the event completed, if it did. A dispute's and a fraud warning's are the disputes workflow's (`onDispute`). */
  async function applyEvent(event: CardPaymentEvent, log: PaymentLog, onDispute: DisputeHandler | undefined): Promise<string | null> {
    if (event.type === 'payment_succeeded') return onIntentSucceeded(event.intent, log);
    if (event.type === 'dispute' || event.type === 'early_fraud_warning') {
      await onDispute?.(event, log);
      return null;
    }
    if (event.type === 'payment_failed' && event.intent.metadata.orderId) {
      // Only the order's own card payment can fail it, as only that one can complete it.
      await deps.orders.markOrderPaymentFailed(event.intent.metadata.orderId, event.failureMessage, { method: 'card', paymentIntentId: event.intent.id });
    }
    return null;
  }

  /**
   * POST /api/stripe/webhook: a delivery verified by the provider; one already handled is
   * ignored. Returns the id of the order it completed, if it did.
   */
  async function receiveWebhook(raw: Buffer, headers: Record<string, string | string[] | undefined>, log: PaymentLog, onDispute?: DisputeHandler): Promise<string | null> {
    let event: CardPaymentEvent;
    try {
      event = deps.cardPayments.parseWebhook(raw, headers);
    } catch (error) {
      if (error instanceof InvalidWebhookError) throw invalid(error.message);
      throw error;
    }
    let paidOrderId: string | null = null;
    await handleNoticeOnce(db, { id: event.id, provider: deps.cardPayments.kind }, async () => {
      paidOrderId = await applyEvent(event, log, onDispute);
      return true;
    });
    return paidOrderId;
  }

  /**
   * The reconciliation job's question for a card order whose notice may have been lost:
   * completes it, as payment-success would, when the provider says its PaymentIntent paid
   * it (same checks); otherwise leaves it. Says whether the order is now completed, and
   * whether by this call.
   */
  async function reconcileCardOrder(order: OrderRow, log: PaymentLog): Promise<Reconciled> {
    const unchanged = { changed: false, paidNow: false };
    if (order.paymentMethod !== 'card' || !order.stripePaymentIntentId) return unchanged;
    const intent = await deps.cardPayments.retrieve(order.stripePaymentIntentId);
    if (paymentProblem(order, intent)) return unchanged;
    if (await heldAsBlocked(order.id, intent!, log)) return unchanged;
    const result = await deps.orders.completeOrder(order.id, { method: 'card', paymentIntentId: intent!.id }, log);
    return { changed: result.outcome === 'completed' || result.outcome === 'already_completed', paidNow: result.outcome === 'completed' };
  }

  return { openCardPayment, confirmCardPayment, completePaidIntent, receiveWebhook, reconcileCardOrder };
}

export type Payments = ReturnType<typeof createPayments>;
