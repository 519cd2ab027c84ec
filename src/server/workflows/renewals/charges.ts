import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { BLOCKLIST_REFUSAL } from '#domain/blocklist';
import { DomainError } from '#domain/errors';
import { STORE_REFUSED_CARD } from '#domain/decline-reasons';
import { parseMoney } from '#domain/money';
import { RENEWAL_CHARGE_DAYS_BEFORE } from '#domain/renewal';
import { graceEnd } from '#domain/renewal-milestones';
import { renewalChargeKey } from '#domain/renewal-charges';
import type { Db } from '#server/db/connect';
import type { JobQueue } from '#server/jobs/queue';
import type { Clock } from '#server/lib/clock';
import type { StoreMetrics } from '#server/lib/metrics/store-metrics';
import { findCustomer, timeZoneOf } from '#server/features/accounts/index';
import type { Mail } from '#server/features/mail/index';
import { findOrder, type OrderRow, type Orders } from '#server/features/orders/index';
import { findSavedCard, type SavedCard } from '#server/features/payments/index';
import {
  CHARGE_LEASE_BEAT_MS,
  claimCharge,
  dueChargeIds,
  endCharge,
  markChargeSucceeded,
  markRequiresAction,
  recordAttempt,
  recordDecline,
  releaseAfterOutage,
  renewalConfirmMail,
  renewalDeclinedMail,
  renewalSkippedMail,
  renewChargeLease,
  RENEWAL_BATCH,
  renewalConfirmUrl,
  scheduleDueCharges,
  settlePaidConfirmations,
  type ClaimedCharge,
  type RenewalMailFacts,
} from '#server/features/renewals/index';
import { type CardPayments } from '#server/providers/payments/index';
import type { BlocklistWorkflow } from '../blocklist';
import type { CardPaymentWorkflow } from '../card-payment';
import { placeRenewalOrder } from './renewal-order';
import { termsOfSubscription } from './subscription-locale';

export const RENEWAL_CHARGES_JOB = 'renewal-charges';
/** Every 5 minutes on whichever instance takes the run, and once on each instance soon after it starts (decision 0045). */
const RENEWAL_CHARGES_CRON = '*/5 * * * *';
const AFTER_START_SECONDS = 5;
/** A pass stops taking new batches after this long, within its job's 5-minute limit; the next pass takes the rest. */
const PASS_TIME_MS = 4 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What became of one claimed charge in a pass. */
export type ChargeOutcome = 'succeeded' | 'declined' | 'failed' | 'requires_action' | 'provider_unavailable' | 'cancelled' | 'skipped';

export interface RenewalChargesDeps {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  config: { PUBLIC_URL: string; SESSION_SECRET: string; GRACE_DAYS: number; STORE_TIME_ZONE: string };
  cardPayments: CardPayments;
  cardPayment: Pick<CardPaymentWorkflow, 'completePaidIntent'>;
  orders: Pick<Orders, 'markOrderPaymentFailed'>;
  mail: Pick<Mail, 'queue'>;
  /** Counts what became of each claimed charge (decision 0091). */
  metrics: Pick<StoreMetrics, 'renewalCharged'>;
  /** A saved card whose fingerprint is blocked is not charged (decision 0101). */
  blocklist: Pick<BlocklistWorkflow, 'isCardRefused'>;
  logger?: FastifyBaseLogger | undefined;
}

const AUTO_RENEW_OFF = { code: 'auto_renew_off', message: 'Automatic renewal was turned off.' };
const RENEWED_OTHERWISE = { code: 'renewed_otherwise', message: 'The subscription was renewed otherwise.' };
const NO_SAVED_CARD = { code: 'no_saved_card', message: 'The saved card is gone.' };
const PACKAGE_UNAVAILABLE = { code: 'package_unavailable', message: 'The package is no longer sold.' };
/** A blocked card's charge, refused by the store before the provider is asked: a decline like the bank's, in neutral words (decisions 0099, 0101). */
const CARD_REFUSED = { outcome: 'declined', intent: null, code: STORE_REFUSED_CARD, message: BLOCKLIST_REFUSAL } as const;

/** A saved card as emails and the confirmation page name it ('Visa ending 4242'); the provider may not have told its brand. */
export const cardSummary = (card: SavedCard | null) => card && { brand: card.brand ?? 'card', last4: card.last4 ?? '????' };

/**
 * Automatic renewal by card (decision 0045): three days before a subscription
 * expires, its saved card is charged off-session for the same package and devices at
 * today's price, and the paid renewal order goes the way of any paid order (the same
 * subscription extended, its confirmation email, the order in the admin). One charge per
 * period whatever runs it: the period's row is claimed by one conditional UPDATE, and every
 * attempt carries the period's idempotency key. Each decline is emailed at once, and tried
 * again after 1 and 3 days; 3-D Secure sends the customer a link to confirm on-session.
 */
export function createRenewalCharges({ db, jobs, clock, config, cardPayments, cardPayment, orders, mail, metrics, blocklist, logger }: RenewalChargesDeps) {
  const log = logger ?? pino({ level: 'silent' });

  async function mailFacts({ charge, subscription }: ClaimedCharge, packageName: string, amountCents: number | null): Promise<RenewalMailFacts | null> {
    const customer = await findCustomer(db, subscription.customerId);
    if (!customer) return null;
    const card = subscription.savedCardId ? await findSavedCard(db, subscription.savedCardId) : null;
    // The renewal order was priced in this currency too (renewal-order.ts): its amount is in it.
    const { locale, currency } = await termsOfSubscription(db, charge.subscriptionId, customer.locale);
    return {
      to: customer.email,
      firstName: customer.firstName,
      packageName,
      deviceCount: subscription.deviceCount,
      amountCents,
      card: cardSummary(card),
      expiresAt: charge.periodEnd,
      timeZone: timeZoneOf(customer, config.STORE_TIME_ZONE),
      locale,
      currency,
    };
  }

  /** The period was renewed since the charge was scheduled: by this charge's own order (a run cut short), or otherwise. */
  async function settleRenewedPeriod({ charge }: ClaimedCharge, now: Date): Promise<ChargeOutcome> {
    const order = charge.orderId ? await findOrder(db, charge.orderId) : null;
    if (order?.paymentStatus === 'completed' && order.stripePaymentIntentId) {
      await markChargeSucceeded(db, charge.id, order.stripePaymentIntentId, now);
      return 'succeeded';
    }
    await endCharge(db, charge.id, 'cancelled', RENEWED_OTHERWISE, now);
    return 'cancelled';
  }

  async function skipGonePackage(claimed: ClaimedCharge, packageName: string, now: Date): Promise<ChargeOutcome> {
    const facts = await mailFacts(claimed, packageName, null);
    await db.transaction(async (tx) => {
      const ended = await endCharge(tx, claimed.charge.id, 'skipped', PACKAGE_UNAVAILABLE, now);
      if (ended && facts) await mail.queue(tx, renewalSkippedMail(facts, config.PUBLIC_URL), { key: `renewal-skipped:${claimed.charge.id}` });
    });
    return 'skipped';
  }

  /**
   * Charges the card for the order; every answer of the provider is recorded with its email in
   * one transaction. A card whose fingerprint is blocked is not charged: its attempt is
   * declined by the store and follows the declines' retries and grace (decision 0101); a card
   * saved before fingerprints were kept is screened when its payment completes (decision 0099).
   */
  async function chargeOrder(claimed: ClaimedCharge, order: OrderRow, packageName: string, card: Pick<SavedCard, 'customerRef' | 'paymentMethodRef' | 'cardFingerprint'>, now: Date): Promise<ChargeOutcome> {
    const { charge } = claimed;
    const amountCents = parseMoney(order.totalAmount);
    const attempt = charge.attempts + 1;
    const refusedCard = card.cardFingerprint !== null && (await blocklist.isCardRefused(card.cardFingerprint, 'renewal_charge', log));
    let result: Awaited<ReturnType<CardPayments['chargeOffSession']>>;
    try {
      result = refusedCard
        ? CARD_REFUSED
        : await cardPayments.chargeOffSession({
            orderId: order.id,
            amountCents,
            currency: order.currency,
            customerRef: card.customerRef,
            paymentMethodRef: card.paymentMethodRef,
            idempotencyKey: renewalChargeKey(charge.subscriptionId, charge.periodEnd, attempt),
          });
    } catch (error) {
      // Unknown whether the card was charged: the next pass asks again under the same key, so it is charged at most once.
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, renewalChargeId: charge.id }, 'the card provider did not answer a renewal charge; the next pass tries again');
      await releaseAfterOutage(db, charge.id, message, now);
      return 'provider_unavailable';
    }
    if (result.outcome === 'succeeded') {
      await cardPayment.completePaidIntent(result.intent, log).catch((error: unknown) => {
        // A card saved before its fingerprint was kept, found blocked once it paid: the order
        // is held in Needs Review for the owner's refund (decision 0099). The card was charged,
        // so the charge is settled here and never tried again (decision 0101).
        if (!(error instanceof DomainError && error.kind === 'refused')) throw error;
      });
      await markChargeSucceeded(db, charge.id, result.intent.id, now, { attempted: true });
      return 'succeeded';
    }
    const facts = await mailFacts(claimed, packageName, amountCents);
    if (result.outcome === 'authentication_required') {
      const intent = { id: result.intent.id, clientSecret: result.clientSecret };
      await db.transaction(async (tx) => {
        const marked = await markRequiresAction(tx, charge, intent, now);
        const link = renewalConfirmUrl(config.PUBLIC_URL, config.SESSION_SECRET, charge.id);
        if (marked && facts) await mail.queue(tx, renewalConfirmMail({ ...facts, amountCents }, link), { key: `renewal-confirm:${charge.id}:${attempt}` });
      });
      return 'requires_action';
    }
    const reason = { code: result.code, message: result.message };
    const { final } = await db.transaction(async (tx) => {
      const recorded = await recordDecline(tx, charge, reason, now);
      // Every decline is said at once, each once: its attempt keys its email (decision 0045).
      if (recorded.recorded && facts) {
        const decline = { subscriptionId: charge.subscriptionId, code: result.code, nextAttemptAt: recorded.nextAttemptAt, attempts: attempt, graceEndsAt: graceEnd(charge.periodEnd, config.GRACE_DAYS) };
        await mail.queue(tx, renewalDeclinedMail(facts, decline, config.PUBLIC_URL), { key: `renewal-declined:${charge.id}:${attempt}` });
      }
      return recorded;
    });
    // The order can no longer be paid by this renewal: the admin's order list says why.
    if (final) await orders.markOrderPaymentFailed(order.id, result.message);
    return final ? 'failed' : 'declined';
  }

  /** One claimed charge: the checks that end it without a charge, the order, then the charge. */
  async function chargeClaimed(claimed: ClaimedCharge, now: Date): Promise<ChargeOutcome> {
    const { charge, subscription } = claimed;
    if (!subscription.autoRenew || subscription.status === 'cancelled') {
      await endCharge(db, charge.id, 'cancelled', AUTO_RENEW_OFF, now);
      return 'cancelled';
    }
    if (subscription.expirationDate.getTime() !== charge.periodEnd.getTime()) return settleRenewedPeriod(claimed, now);
    const card = subscription.savedCardId ? await findSavedCard(db, subscription.savedCardId) : null;
    if (!card) {
      await endCharge(db, charge.id, 'cancelled', NO_SAVED_CARD, now);
      return 'cancelled';
    }
    const placed = await placeRenewalOrder(db, {
      key: renewalChargeKey(charge.subscriptionId, charge.periodEnd, 1),
      subscriptionId: charge.subscriptionId,
      customerId: subscription.customerId,
      packageId: subscription.packageId,
      deviceCount: subscription.deviceCount,
      firstOrderId: subscription.orderId,
      now,
    });
    if (placed.outcome === 'package_unavailable') return skipGonePackage(claimed, placed.packageName, now);
    const { order } = placed;
    await recordAttempt(db, charge.id, { orderId: order.id, amountCents: parseMoney(order.totalAmount), cardLast4: card.last4 ?? '????' }, now);
    return chargeOrder(claimed, order, placed.packageName, card, now);
  }

  /** Claims the charge and charges it; null when another run holds it or it is not due. */
  async function chargeIfClaimed(id: string, now: Date): Promise<ChargeOutcome | null> {
    // Held from the moment of the claim, not the pass's start: a pass may run for minutes.
    const claimed = await claimCharge(db, id, now, clock.now());
    if (!claimed) return null;
    const beat = setInterval(() => {
      renewChargeLease(db, id, clock.now()).catch((error: unknown) => log.warn({ err: error, renewalChargeId: id }, 'renewal charge lease not renewed'));
    }, CHARGE_LEASE_BEAT_MS);
    try {
      const outcome = await chargeClaimed(claimed, now);
      metrics.renewalCharged(outcome);
      return outcome;
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * One pass: the periods due get their charge row, confirmations paid meanwhile settle, and
   * every charge due is claimed and charged, a batch at a time until none is left or the
   * pass's time is up (at a million subscriptions some 30,000 renew a day: more than a
   * batch per 5 minutes). Safe on any number of instances at once: a charge another holds, or
   * one this pass already answered, is no longer due. Returns what became of each charge this pass claimed.
   */
  async function runPass(now = clock.now()): Promise<ChargeOutcome[]> {
    const horizon = new Date(now.getTime() + RENEWAL_CHARGE_DAYS_BEFORE * DAY_MS);
    const started = performance.now();
    const timeLeft = () => performance.now() - started < PASS_TIME_MS;
    let scheduled: number;
    do scheduled = await scheduleDueCharges(db, now, horizon);
    while (scheduled === RENEWAL_BATCH && timeLeft());
    await settlePaidConfirmations(db, now);
    const outcomes: ChargeOutcome[] = [];
    let due: string[];
    do {
      due = await dueChargeIds(db, now);
      for (const id of due) {
        const outcome = await chargeIfClaimed(id, now);
        if (outcome) outcomes.push(outcome);
      }
    } while (due.length === RENEWAL_BATCH && timeLeft());
    return outcomes;
  }

  jobs.work(RENEWAL_CHARGES_JOB, async () => void (await runPass()), { retryLimit: 0, concurrency: 1 });
  jobs.schedule(RENEWAL_CHARGES_JOB, RENEWAL_CHARGES_CRON, { afterStartSeconds: AFTER_START_SECONDS });

  return {
    runPass,

    /** Charges one charge now, as a pass would (an admin's retry, after it was made due). */
    chargeNow: (id: string) => chargeIfClaimed(id, clock.now()),
  };
}

export type RenewalCharges = ReturnType<typeof createRenewalCharges>;
