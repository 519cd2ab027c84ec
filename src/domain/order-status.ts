/**
 * The order's status machine (orders.payment_status): which status may become which. Pure;
 * features/orders performs every change as one conditional UPDATE guarded by this table.
 *
 * - pending: placed, awaiting its payment.
 * - completed: paid (or free); a payment completes it once (D9).
 * - failed: a payment was declined or can no longer come (crypto expired); the buyer may
 *   still pay it, so it can complete later (decision 0004).
 * - needs_review: money arrived that does not settle the order as it stands (crypto
 *   partially paid, a mismatched amount), for an admin to refund or honour; a later full
 *   payment still completes it (decision 0004).
 * - refunded: an admin gave the money back; nothing brings it back (decision 0021).
 * - disputed: the buyer's bank opened a dispute of a paid order; its lines are off until it
 *   closes (decision 0100). Won, it is completed again; lost, it is disputed_lost.
 * - disputed_lost: the bank took the money back with the provider's fee; final.
 *
 * Honouring is not a status: it is an admin's needs_review -> completed (decision 0021),
 * one of the two changes into completed that a payment does not make; a dispute won is the other.
 */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'needs_review', 'refunded', 'disputed', 'disputed_lost'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * What each status may become. failed -> failed and needs_review -> needs_review record a
 * newer reason (another declined card, another short payment); completed -> completed is no
 * change at all, so a repeated payment notice changes nothing.
 */
export const ORDER_STATUS_TRANSITIONS: { readonly [from in OrderStatus]: readonly OrderStatus[] } = {
  pending: ['completed', 'failed', 'needs_review'],
  failed: ['completed', 'failed', 'needs_review'],
  needs_review: ['completed', 'needs_review', 'refunded'],
  // A dispute may close before the store heard it open (events come in any order): completed -> disputed_lost.
  completed: ['refunded', 'disputed', 'disputed_lost'],
  refunded: [],
  disputed: ['completed', 'disputed_lost'],
  disputed_lost: [],
};

/** What a payment may complete: never a disputed order, which only the dispute's outcome settles (decision 0100). */
export const PAYABLE: readonly OrderStatus[] = ['pending', 'failed', 'needs_review'];

/** Orders whose money the store took and has not given back by a refund: the figures count them (decision 0100). */
export const KEPT_STATUSES: readonly OrderStatus[] = ['completed', 'disputed', 'disputed_lost'];

/** Unpaid orders whose payment may still come: a coupon use they hold is only reserved (decision 0020). */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending', 'failed'];

export function isOrderStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

export function canBecome(from: string, to: OrderStatus): boolean {
  return isOrderStatus(from) && ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses an order may have for it to become `to`: the guard of that change's UPDATE. */
export function statusesBefore(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canBecome(from, to));
}

/** Why an order in `from` cannot become `to`, as its 409 says. */
export function refusedTransition(orderId: string, from: string, to: OrderStatus): string {
  return `Order ${orderId} is ${from} and cannot become ${to}`;
}
