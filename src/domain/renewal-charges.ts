/**
 * The rules of an automatic renewal's charge (decision 0045): when a declined
 * card is tried again, which idempotency key each attempt carries, and how long a charge
 * waiting for the customer's 3-D Secure confirmation can still be confirmed. Pure: the
 * caller passes `now`.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A period's charge: scheduled (waiting for its attempt), charging (an instance holds it
 * for a while), then succeeded, failed (declined on every attempt), requires_action (the
 * bank asks the customer to confirm), cancelled (auto-renew turned off, or the period was
 * renewed otherwise) or skipped (the package is no longer sold).
 */
export const RENEWAL_CHARGE_STATUSES = ['scheduled', 'charging', 'succeeded', 'failed', 'requires_action', 'cancelled', 'skipped'] as const;
export type RenewalChargeStatus = (typeof RENEWAL_CHARGE_STATUSES)[number];

/** The charges that renewed nothing and want a person's look: declined on every attempt, waiting for 3-D Secure, the package gone. */
export const RENEWAL_CHARGES_NEEDING_A_LOOK = ['failed', 'requires_action', 'skipped'] as const satisfies readonly RenewalChargeStatus[];

/** A declined card is tried again this many days after its first decline, then no more (Stripe Billing's smart retries, simplified). */
export const RENEWAL_RETRY_DAYS_AFTER_FIRST_DECLINE = [1, 3] as const;

/** A charge waiting for 3-D Secure can be confirmed until this many days after the period it renews ended. */
export const RENEWAL_CONFIRM_DAYS_AFTER_EXPIRY = 7;

/**
 * The provider's idempotency key of one attempt: the subscription and the period it renews,
 * so a repeated or concurrent attempt is the same PaymentIntent and never a second charge. A
 * retry after a decline is a new attempt (Stripe keeps a declined answer under its key), so
 * attempts after the first carry their number.
 */
export function renewalChargeKey(subscriptionId: string, periodEnd: Date, attempt: number): string {
  const base = `renewal:${subscriptionId}:${periodEnd.toISOString()}`;
  return attempt <= 1 ? base : `${base}:attempt-${attempt}`;
}

/**
 * When the next attempt is due after the `declines`-th decline (1 for the first), counted
 * from the first decline; null when no attempt is left.
 */
export function nextAttemptAfterDecline(firstDeclinedAt: Date, declines: number): Date | null {
  const days = RENEWAL_RETRY_DAYS_AFTER_FIRST_DECLINE[declines - 1];
  return days === undefined ? null : new Date(firstDeclinedAt.getTime() + days * DAY_MS);
}

/** Whether a charge waiting for 3-D Secure may still be confirmed. */
export function canStillConfirm(periodEnd: Date, now: Date): boolean {
  return now.getTime() < periodEnd.getTime() + RENEWAL_CONFIRM_DAYS_AFTER_EXPIRY * DAY_MS;
}

/** Whether an order's checkout key is an automatic renewal's (renewalChargeKey): its card is the subscription's saved one. */
export const isAutomaticRenewalKey = (checkoutKey: string | null) => checkoutKey?.startsWith('renewal:') === true;
