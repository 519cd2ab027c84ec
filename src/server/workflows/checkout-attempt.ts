import { hash } from 'node:crypto';
import type { CheckoutInput } from '#contract/checkout';
import type { CheckoutContext } from '#server/features/checkout/index';
import type { OrderRow } from '#server/features/orders/index';

/** A repeated checkout of the same cart from the same browser within this time returns the first order. */
const CHECKOUT_REPLAY_WINDOW_MS = 10 * 60 * 1000;

/** How a card order is to be paid: a card typed into the page (a PaymentIntent now), or the subscription's saved card (charged by the caller). */
export type PayWith = 'typed-card' | 'saved-card';

/**
 * Same browser, same signed-in customer, same form: the same checkout attempt. A renewal paid
 * with the saved card is an attempt of its own (decision 0076): its order must hold no
 * PaymentIntent of a typed card, which would refuse the saved card's.
 */
export function checkoutKey(input: CheckoutInput, context: CheckoutContext, payWith: PayWith): string {
  const parts = payWith === 'saved-card' ? [context.browserId, context.customerId, input, payWith] : [context.browserId, context.customerId, input];
  return hash('sha256', JSON.stringify(parts), 'base64url');
}

/**
 * A pending order (or a free one, already complete) of the same attempt is answered again; so
 * is a renewal paid with the saved card, whose second tap must not charge it again.
 */
export function isReplayable(order: OrderRow, payWith: PayWith, now = Date.now()): boolean {
  if (now - order.createdAt.getTime() > CHECKOUT_REPLAY_WINDOW_MS) return false;
  const paidOnce = order.paymentMethod === 'free' || payWith === 'saved-card';
  return order.paymentStatus === 'pending' || (order.paymentStatus === 'completed' && paidOnce);
}
