import type Stripe from 'stripe';
import { parseMoney } from '#domain/money';
import type { Db } from '#server/db/connect';
import { badRequest, conflict, HttpError, notFound } from '#server/http/errors';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, ORDER_CURRENCY, type CardPaymentProvider, type PaymentIntentState } from '#server/providers/payments/index';
import { toState } from '#server/providers/payments/stripe-card-payments';
import { findOrder, type ErrorLog, type OrderRow, type Orders } from '../orders/service';
import { isEventProcessed, recordProcessedEvent } from './processed-events';

/** Why a PaymentIntent does not pay this order, or null when it does (D8). */
export function paymentProblem(order: OrderRow, intent: PaymentIntentState | null): string | null {
  if (!intent) return 'Payment not found';
  if (intent.metadata.orderId !== order.id) return 'This payment does not belong to this order';
  if (intent.status !== 'succeeded') return 'The payment has not succeeded';
  if (intent.amount !== parseMoney(order.totalAmount) || intent.currency !== ORDER_CURRENCY) {
    return 'The payment amount does not match the order';
  }
  return null;
}

/** Card payment confirmation: never on the browser's word, always on the provider's record. */
export function createPayments(db: Db, deps: { cardPayments: CardPaymentProvider; orders: Orders }) {
  async function retrieve(paymentIntentId: string): Promise<PaymentIntentState | null> {
    try {
      return await deps.cardPayments.retrievePaymentIntent(paymentIntentId);
    } catch (error) {
      throw Object.assign(new HttpError(502, CARD_PROVIDER_UNAVAILABLE_MESSAGE), { cause: error });
    }
  }

  /**
   * POST /api/webhook/payment-success: completes the order only when the provider says
   * this PaymentIntent succeeded, belongs to the order, and paid its exact total.
   */
  async function confirmCardPayment(orderId: string, paymentIntentId: string, log: ErrorLog): Promise<OrderRow> {
    const order = await findOrder(db, orderId);
    if (!order) throw notFound('Order not found');
    if (order.paymentStatus === 'completed' && order.stripePaymentIntentId === paymentIntentId) return order;
    if (order.paymentMethod !== 'card') throw badRequest('This order is not paid by card');
    const problem = paymentProblem(order, await retrieve(paymentIntentId));
    if (problem) throw badRequest(problem);
    const result = await deps.orders.completeOrder(orderId, { method: 'card', paymentIntentId }, log);
    if (result.outcome === 'not_found') throw notFound('Order not found');
    if (result.outcome === 'needs_review') throw conflict(result.reason);
    return result.order;
  }

  async function onIntentSucceeded(intent: Stripe.PaymentIntent, log: ErrorLog): Promise<void> {
    const state = toState(intent);
    const order = state.metadata.orderId ? await findOrder(db, state.metadata.orderId) : null;
    // PaymentIntents this store did not create (other integrations on the account) are not ours.
    if (!order) return;
    const problem = paymentProblem(order, state);
    if (problem) {
      await deps.orders.markOrderNeedsReview(order.id, `Stripe reported ${intent.id} as paid, but: ${problem}`);
      return;
    }
    await deps.orders.completeOrder(order.id, { method: 'card', paymentIntentId: intent.id }, log);
  }

  async function onIntentFailed(intent: Stripe.PaymentIntent): Promise<void> {
    const orderId = intent.metadata?.orderId;
    if (!orderId) return;
    await deps.orders.markOrderPaymentFailed(orderId, intent.last_payment_error?.message ?? 'The payment failed');
  }

  /** A verified Stripe event; one already handled is ignored. */
  async function handleStripeEvent(event: Stripe.Event, log: ErrorLog): Promise<void> {
    if (await isEventProcessed(db, event.id)) return;
    if (event.type === 'payment_intent.succeeded') await onIntentSucceeded(event.data.object, log);
    if (event.type === 'payment_intent.payment_failed') await onIntentFailed(event.data.object);
    await recordProcessedEvent(db, event.id, 'stripe');
  }

  /**
   * The reconciliation job's question for a card order whose notice may have been lost:
   * completes it, as payment-success would, when the provider says its PaymentIntent paid
   * it (same checks); otherwise leaves it. Says whether the order is now completed.
   */
  async function reconcileCardOrder(order: OrderRow, log: ErrorLog): Promise<boolean> {
    if (order.paymentMethod !== 'card' || !order.stripePaymentIntentId) return false;
    const intent = await deps.cardPayments.retrievePaymentIntent(order.stripePaymentIntentId);
    if (paymentProblem(order, intent)) return false;
    const result = await deps.orders.completeOrder(order.id, { method: 'card', paymentIntentId: intent!.id }, log);
    return result.outcome === 'completed' || result.outcome === 'already_completed';
  }

  return { confirmCardPayment, handleStripeEvent, reconcileCardOrder };
}

export type Payments = ReturnType<typeof createPayments>;

// For the crypto payments: one record of provider notices already handled, card and crypto alike.
export { isEventProcessed, recordProcessedEvent } from './processed-events';
