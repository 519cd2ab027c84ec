import type { FastifyBaseLogger } from 'fastify';
import type { RenewalConfirmation, RenewalConfirmationState } from '#contract/renewals';
import { formatMoney } from '#domain/money';
import { canStillConfirm } from '#domain/renewal-charges';
import type { Db } from '#server/db/connect';
import { notFound } from '#domain/errors';
import type { Clock } from '#server/lib/clock';
import { findCustomer, timeZoneOf } from '#server/features/accounts/index';
import { findOrder } from '#server/features/orders/index';
import { findSavedCard } from '#server/features/payments/index';
import { chargeWithSubscription, isRenewalConfirmToken, markChargeSucceeded, type ClaimedCharge } from '#server/features/renewals/index';
import type { CardPayments, PaymentIntentState } from '#server/providers/payments/index';
import type { CardPaymentWorkflow } from '../card-payment';
import type { PaidOrderWorkflow } from '../paid-order';
import { cardSummary } from './charges';
import { packageOf } from './package-of';
import { termsOfSubscription } from './subscription-locale';

/** Who opens a charge's confirmation page: its signed-in owner, or the emailed link's token. */
export interface ConfirmationAccess {
  customerId: string | null;
  token: string | undefined;
}

export interface RenewalConfirmationDeps {
  db: Db;
  clock: Clock;
  config: { SESSION_SECRET: string; STRIPE_PUBLISHABLE_KEY?: string | undefined; STORE_TIME_ZONE: string };
  cardPayments: CardPayments;
  cardPayment: Pick<CardPaymentWorkflow, 'completePaidIntent'>;
  /** Applies the paid renewal at once, so the page shows the new expiry, not the old one. */
  paidOrder: Pick<PaidOrderWorkflow, 'provisionNow'>;
}

type FoundCharge = ClaimedCharge & { packageName: string };

/** What the page can do with a charge: confirm it, or say why not. */
function stateOf({ charge, subscription }: ClaimedCharge, now: Date): RenewalConfirmationState {
  switch (charge.status) {
    case 'succeeded':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'cancelled':
    case 'skipped':
      return 'cancelled';
    case 'scheduled':
    case 'charging':
      return 'processing';
    case 'requires_action':
      if (subscription.expirationDate.getTime() !== charge.periodEnd.getTime()) return 'cancelled';
      return canStillConfirm(charge.periodEnd, now) ? 'awaiting_confirmation' : 'expired';
  }
}

/**
 * The confirmation page of an automatic renewal the bank wants the customer to confirm
 * (3-D Secure; decision 0045): what it shows, and the customer's
 * confirmation, completed only on the provider's record (D8) through the card payment path.
 */
export function createRenewalConfirmation({ db, clock, config, cardPayments, cardPayment, paidOrder }: RenewalConfirmationDeps) {
  /** The charge with what its page may show, once the caller may see it; 404 otherwise, as for a missing one. */
  async function accessibleCharge(id: string, access: ConfirmationAccess): Promise<FoundCharge> {
    const found = await chargeWithSubscription(db, id);
    const owner = found && access.customerId === found.subscription.customerId;
    const linked = found && access.token !== undefined && isRenewalConfirmToken(config.SESSION_SECRET, id, access.token);
    const pkg = found && (owner || linked) ? await packageOf(db, found.subscription.packageId) : null;
    if (!found || !pkg) throw notFound('Renewal not found');
    return { ...found, packageName: pkg.name };
  }

  /** The demo bank's 3-D Secure: the customer passes it on the page; the intent as it then stands. */
  async function demoBankConfirms(intentId: string): Promise<PaymentIntentState | null> {
    if (cardPayments.kind !== 'demo') return null;
    const result = await cardPayments.confirmAuthentication(intentId);
    return result.outcome === 'succeeded' || result.outcome === 'declined' ? result.intent : null;
  }

  async function confirmationOf(found: FoundCharge, now: Date): Promise<RenewalConfirmation> {
    const { charge, subscription } = found;
    const state = stateOf(found, now);
    const card = subscription.savedCardId ? await findSavedCard(db, subscription.savedCardId) : null;
    const owner = await findCustomer(db, subscription.customerId);
    // The renewal order's currency once placed; before, the one it will be placed in (decision 0104).
    const order = charge.orderId ? await findOrder(db, charge.orderId) : null;
    const currency = order?.currency ?? (await termsOfSubscription(db, charge.subscriptionId, null)).currency;
    const onStripe = cardPayments.kind === 'stripe' && state === 'awaiting_confirmation';
    return {
      id: charge.id,
      state,
      packageName: found.packageName,
      deviceCount: subscription.deviceCount,
      amount: charge.amountCents === null ? null : formatMoney(charge.amountCents),
      currency,
      expirationDate: subscription.expirationDate.toISOString(),
      timeZone: owner ? timeZoneOf(owner, config.STORE_TIME_ZONE) : config.STORE_TIME_ZONE,
      card: cardSummary(card),
      cardProvider: cardPayments.kind,
      clientSecret: onStripe ? charge.clientSecret : null,
      stripePublishableKey: onStripe ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    };
  }

  return {
    /** GET /api/renewals/:id: the charge as its confirmation page shows it. */
    async confirmation(id: string, access: ConfirmationAccess): Promise<RenewalConfirmation> {
      return confirmationOf(await accessibleCharge(id, access), clock.now());
    },

    /**
     * POST /api/renewals/:id/confirm: the customer confirms the payment on-session. The demo
     * bank takes the confirmation here; with Stripe the browser confirmed it with Stripe.js
     * and the server only asks Stripe (D8). A paid intent completes the renewal order the way
     * any card payment does; any other state is answered as it stands.
     */
    async confirm(id: string, access: ConfirmationAccess, log: FastifyBaseLogger): Promise<RenewalConfirmation> {
      const found = await accessibleCharge(id, access);
      const now = clock.now();
      const intentId = found.charge.paymentIntentId;
      if (stateOf(found, now) === 'awaiting_confirmation' && intentId) {
        const intent = cardPayments.kind === 'demo' ? await demoBankConfirms(intentId) : await cardPayments.retrieve(intentId);
        if (intent?.status === 'succeeded') {
          const order = await cardPayment.completePaidIntent(intent, log);
          await markChargeSucceeded(db, id, intent.id, now);
          // The order's job would extend the subscription moments later: the answer below would still show the old expiry.
          await paidOrder.provisionNow(order.id).catch((error: unknown) => log.error({ err: error, orderId: order.id }, 'a confirmed renewal was not applied at once; its job applies it'));
        }
      }
      return confirmationOf(await accessibleCharge(id, access), now);
    },
  };
}
