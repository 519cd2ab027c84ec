import { normalisedBlocklistValue } from '#contract/admin-blocklist';
import { DISPUTE_ALREADY_SUBMITTED, DISPUTE_NOT_FOUND, DISPUTE_NOT_OPEN, disputeSubmitted, type DisputeEvidence, type DisputeSubmitResponse, type PriorPayment } from '#contract/disputes';
import type { AuditActor } from '#domain/actors';
import { conflict, notFound, providerFailed } from '#domain/errors';
import { formatMoney } from '#domain/money';
import type { Db, DbOrTx } from '#server/db/connect';
import { findCustomer } from '#server/features/accounts/index';
import { recordAdminAction, recordStoreAction } from '#server/features/audit/index';
import {
  claimEarlyFraudWarning,
  claimEvidenceSubmission,
  disputeCustomerMail,
  disputeOfOrder,
  disputeOwnerMail,
  isClosedDispute,
  keepDisputeEvidence,
  ordersEverDisputed,
  recordDispute,
  releaseEvidenceSubmission,
  type DisputeRow,
} from '#server/features/disputes/index';
import type { Mail } from '#server/features/mail/index';
import { findOrder, keptCardPaymentsBetween, markDisputeLost, markDisputeWon, markOrderDisputed, orderHistoryOf, orderOfPaymentIntent, type OrderRow } from '#server/features/orders/index';
import { policyTextsOf } from '#server/features/policies/index';
import { holdForDispute, liftDisputeHold, subscriptionOfPaidOrder, type Subscriptions } from '#server/features/subscriptions/index';
import type { Clock } from '#server/lib/clock';
import { localeOr } from '#server/lib/i18n/index';
import type { PaymentLog } from '#server/lib/logs';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, type CardPaymentEvent, type CardPaymentProvider, type DisputeEvidenceSubmission } from '#server/providers/payments/index';
import type { BlocklistWorkflow } from './blocklist';
import type { OrderAdminWorkflow } from './order-admin';

type DisputeEvent = Extract<CardPaymentEvent, { type: 'dispute' }>;
type WarningEvent = Extract<CardPaymentEvent, { type: 'early_fraud_warning' }>;

export interface DisputesDeps {
  db: Db;
  clock: Clock;
  cardPayments: Pick<CardPaymentProvider, 'kind' | 'retrieve' | 'submitDisputeEvidence'>;
  subscriptions: Pick<Subscriptions, 'syncLinesAfterDispute' | 'lineUsage'>;
  mail: Pick<Mail, 'queue'>;
  config: { ALERT_EMAIL?: string | undefined; PUBLIC_URL: string };
  blocklist: Pick<BlocklistWorkflow, 'addByStore'>;
  orderAdmin: Pick<OrderAdminWorkflow, 'refund'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Visa's Compelling Evidence 3.0 counts undisputed payments 120 to 365 days before the dispute. */
const PRIOR_PAYMENTS_FROM_DAYS = 365;
const PRIOR_PAYMENTS_TO_DAYS = 120;
/** How many candidates are asked of the provider for their card: two are needed, a few more cover other cards. */
const PRIOR_PAYMENT_CANDIDATES = 10;

/** What a dispute's event did to its order, for what follows the commit. */
type Outcome = { kind: 'none' } | { kind: 'opened' | 'won' | 'lost'; subscriptionId: string | null };

/**
 * Disputes and early fraud warnings (decision 0100). A dispute's event is recorded as the
 * provider states it, then its order follows in the same transaction by guarded changes:
 * open, a paid order is disputed, its subscription held (lines off, automatic renewal off),
 * the owner and the customer emailed; won, the order is completed and the hold lifted; lost,
 * the order is disputed_lost with the amount and fee it lost, the hold kept. Every change is
 * the store's own audit row. The panel follows by a durable job after the commit; the
 * evidence is assembled once the dispute opened, for the owner to submit.
 */
export function createDisputesWorkflow({ db, clock, cardPayments, subscriptions, mail, config, blocklist, orderAdmin }: DisputesDeps) {
  const audit = (tx: DbOrTx, action: 'order.dispute_open' | 'order.dispute_won' | 'order.dispute_lost' | 'order.early_fraud_warning', orderId: string, before: Record<string, unknown>, after: Record<string, unknown>) =>
    recordStoreAction(tx, { action, target: { type: 'order', id: orderId }, before, after });

  /** The card order a provider's event names; null (logged, acknowledged) when it is not one of the store's card orders. */
  async function cardOrderOf(paymentIntentId: string | null, event: { id: string; type: string }, log: PaymentLog): Promise<OrderRow | null> {
    const order = paymentIntentId ? await orderOfPaymentIntent(db, paymentIntentId) : null;
    if (!order) {
      log.warn({ eventId: event.id, paymentIntentId }, `a ${event.type} event names a payment the store does not know; acknowledged`);
      return null;
    }
    if (order.paymentMethod !== 'card') {
      log.error({ eventId: event.id, orderId: order.id, paymentMethod: order.paymentMethod }, `a ${event.type} event names a ${order.paymentMethod} order, which no card network can dispute; refused, nothing changed`);
      return null;
    }
    return order;
  }

  async function applyDispute(tx: DbOrTx, order: OrderRow, recorded: DisputeRow, before: DisputeRow | null): Promise<Outcome> {
    const now = clock.now();
    const subscriptionId = await subscriptionOfPaidOrder(tx, order);
    const facts = { disputeId: recorded.id, reason: recorded.reason, amount: formatMoney(recorded.amount), currency: recorded.currency };
    if (!isClosedDispute(recorded.status)) {
      const disputed = await markOrderDisputed(tx, order.id);
      if (!disputed) return { kind: 'none' };
      const held = subscriptionId ? await holdForDispute(tx, subscriptionId, now) : null;
      await audit(tx, 'order.dispute_open', order.id, { paymentStatus: order.paymentStatus, autoRenew: held?.autoRenewWas ?? false }, { paymentStatus: 'disputed', linesRunning: false, autoRenew: false, dueBy: recorded.dueBy?.toISOString() ?? null, ...facts });
      const opened = {
        orderId: order.id,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        amountCents: recorded.amount,
        currency: order.currency,
        reason: recorded.reason,
        dueBy: recorded.dueBy,
        // The customer's email in the order's language, else their saved one (decision 0107).
        locale: localeOr(order.locale, order.customerId ? (await findCustomer(tx, order.customerId))?.locale : null),
      };
      await mail.queue(tx, disputeCustomerMail(opened, config.PUBLIC_URL), { key: `dispute-opened:${recorded.id}:customer` });
      if (config.ALERT_EMAIL) await mail.queue(tx, disputeOwnerMail(config.ALERT_EMAIL, opened, config.PUBLIC_URL), { key: `dispute-opened:${recorded.id}:owner` });
      return { kind: 'opened', subscriptionId };
    }
    if (recorded.status === 'won') {
      const won = await markDisputeWon(tx, order.id);
      if (!won) return { kind: 'none' };
      if (subscriptionId) await liftDisputeHold(tx, subscriptionId, now);
      await audit(tx, 'order.dispute_won', order.id, { paymentStatus: 'disputed' }, { paymentStatus: 'completed', linesRunning: true, ...facts });
      return { kind: 'won', subscriptionId };
    }
    if (recorded.status === 'lost') {
      const lossCents = recorded.amount + recorded.fee;
      const lost = await markDisputeLost(tx, order.id, lossCents);
      if (!lost) return { kind: 'none' };
      // Heard closed before it was heard open: the hold starts now, and stays.
      if (subscriptionId) await holdForDispute(tx, subscriptionId, now);
      await audit(tx, 'order.dispute_lost', order.id, { paymentStatus: before ? 'disputed' : order.paymentStatus }, { paymentStatus: 'disputed_lost', linesRunning: false, loss: formatMoney(lossCents), fee: formatMoney(recorded.fee), ...facts });
      return { kind: 'lost', subscriptionId };
    }
    return { kind: 'none' };
  }

  async function receiveDispute(event: DisputeEvent, log: PaymentLog): Promise<void> {
    const order = await cardOrderOf(event.dispute.paymentIntentId, { id: event.id, type: `charge.dispute.${event.change}` }, log);
    if (!order) return;
    const { outcome, recorded } = await db.transaction(async (tx) => {
      const { before, after } = await recordDispute(tx, cardPayments.kind, order.id, event.dispute);
      // The order as it stands under this transaction (another event may have moved it meanwhile).
      const current = (await findOrder(tx, order.id))!;
      const applied = await applyDispute(tx, current, after, before);
      if (applied.kind !== 'none' && applied.subscriptionId) await subscriptions.syncLinesAfterDispute(tx, applied.subscriptionId, `dispute-${applied.kind}:${after.id}`);
      return { outcome: applied, recorded: after };
    });
    // Assembled after the commit (it asks the panel and the provider); an open dispute whose
    // evidence a crash left unassembled gets it on the provider's next delivery, or at submit.
    if (!isClosedDispute(recorded.status) && !recorded.evidence) {
      const subscriptionId = outcome.kind === 'none' ? await subscriptionOfPaidOrder(db, order) : outcome.subscriptionId;
      await keepDisputeEvidence(db, recorded.id, await assembleEvidence(order, subscriptionId, log));
    }
  }

  /** Earlier payments of the same card by the same customer, 120-365 days old and never disputed (decision 0100). */
  async function priorPayments(order: OrderRow, log: PaymentLog): Promise<PriorPayment[]> {
    const now = clock.now().getTime();
    const candidates = await keptCardPaymentsBetween(
      db,
      { orderId: order.id, customerId: order.customerId, email: order.customerEmail },
      new Date(now - PRIOR_PAYMENTS_FROM_DAYS * DAY_MS),
      new Date(now - PRIOR_PAYMENTS_TO_DAYS * DAY_MS),
      PRIOR_PAYMENT_CANDIDATES,
    );
    if (candidates.length === 0 || !order.stripePaymentIntentId) return [];
    try {
      const disputedCard = (await cardPayments.retrieve(order.stripePaymentIntentId))?.cardFingerprint;
      if (!disputedCard) return [];
      const everDisputed = await ordersEverDisputed(db, candidates.map((candidate) => candidate.id));
      const prior: PriorPayment[] = [];
      for (const candidate of candidates) {
        if (everDisputed.has(candidate.id)) continue;
        const intent = await cardPayments.retrieve(candidate.stripePaymentIntentId!);
        if (intent?.cardFingerprint !== disputedCard) continue;
        prior.push({ orderId: candidate.id, paidAt: candidate.paidAt!.toISOString(), amount: candidate.totalAmount, currency: candidate.currency.toLowerCase(), ipAddress: candidate.buyerIpAddress, chargeId: intent.chargeId ?? null });
      }
      return prior;
    } catch (err) {
      log.warn({ err, orderId: order.id }, 'the card provider did not say which earlier payments the disputed card made');
      return [];
    }
  }

  /** The dispute's evidence, assembled once it opened: what the order, the panel, the provider and the account say now. */
  async function assembleEvidence(order: OrderRow, subscriptionId: string | null, log: PaymentLog): Promise<DisputeEvidence> {
    const accepted = [
      ...(order.termsVersion !== null ? [{ name: 'terms' as const, version: order.termsVersion }] : []),
      ...(order.refundPolicyVersion !== null ? [{ name: 'refund-policy' as const, version: order.refundPolicyVersion }] : []),
    ];
    const [policiesAccepted, lineUsage, prior, history, customer] = await Promise.all([
      policyTextsOf(db, accepted),
      subscriptionId ? subscriptions.lineUsage(subscriptionId) : Promise.resolve([]),
      priorPayments(order, log),
      orderHistoryOf(db, order.customerEmail),
      order.customerId ? findCustomer(db, order.customerId) : Promise.resolve(null),
    ]);
    return {
      ipAddress: order.buyerIpAddress,
      userAgent: order.buyerUserAgent,
      checkoutAt: order.createdAt.toISOString(),
      policiesAccepted,
      credentialsEmailSentAt: order.confirmationSentAt?.toISOString() ?? null,
      lineUsage,
      priorPayments: prior,
      accountHistory: {
        hasAccount: customer?.hasAccount ?? false,
        accountCreatedAt: customer?.createdAt.toISOString() ?? null,
        orders: history.orders,
        paidOrders: history.paidOrders,
        firstOrderAt: history.firstOrderAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * An early fraud warning (decision 0100): an undisputed paid order is refunded in full by
   * the store (a refund costs less than a dispute), its lines end with the refund, and its
   * card and email are blocked; a disputed one is left to its dispute. Once per warning.
   */
  async function receiveWarning(event: WarningEvent, log: PaymentLog): Promise<void> {
    const order = await cardOrderOf(event.warning.paymentIntentId, { id: event.id, type: 'radar.early_fraud_warning.created' }, log);
    if (!order) return;
    const existingDispute = await disputeOfOrder(db, order.id);
    const refundable = order.paymentStatus === 'completed' && !existingDispute;
    const outcome = existingDispute || order.paymentStatus === 'disputed' || order.paymentStatus === 'disputed_lost' ? 'already_disputed' : refundable ? 'refunded' : 'not_refundable';
    const claimed = await db.transaction(async (tx) => {
      const first = await claimEarlyFraudWarning(tx, { provider: cardPayments.kind, orderId: order.id, warning: { ...event.warning, paymentIntentId: order.stripePaymentIntentId! }, outcome });
      if (first) await audit(tx, 'order.early_fraud_warning', order.id, { paymentStatus: order.paymentStatus }, { warningId: event.warning.id, fraudType: event.warning.fraudType, outcome });
      return first;
    });
    if (outcome !== 'refunded') {
      if (claimed) log.warn({ orderId: order.id, warningId: event.warning.id, outcome }, 'early fraud warning on an order the store does not refund');
      return;
    }
    // Claimed before, yet still paid: the first delivery's refund failed; the provider's retry
    // refunds it now (the refund and the blocklist entries are each made once).
    const reason = `Early fraud warning ${event.warning.id} (${event.warning.fraudType}) on order ${order.id}`;
    await orderAdmin.refund(order.id, { note: reason }, null, log);
    const fingerprint = (await cardPayments.retrieve(order.stripePaymentIntentId!))?.cardFingerprint ?? null;
    const email = normalisedBlocklistValue('email', order.customerEmail);
    if (fingerprint) await blocklist.addByStore({ kind: 'card', value: fingerprint, reason, expiresAt: null });
    if (email) await blocklist.addByStore({ kind: 'email', value: email, reason, expiresAt: null });
  }

  function toSubmission(order: OrderRow, evidence: DisputeEvidence | null, note: string | null): DisputeEvidenceSubmission {
    const refundPolicy = evidence?.policiesAccepted.find((policy) => policy.name === 'refund-policy') ?? null;
    const usage = (evidence?.lineUsage ?? []).map(
      (line) =>
        `Device ${line.deviceNumber} (${line.username}): ${line.available ? `${line.activeConnections ?? 0} connection(s) at the dispute, last seen ${line.lastSeenAt ?? 'never'}${line.addresses.length ? ` from ${line.addresses.join(', ')}` : ''}` : 'the panel did not answer'}`,
    );
    const history = evidence?.accountHistory;
    return {
      customerEmailAddress: order.customerEmail,
      customerName: order.customerName,
      customerPurchaseIp: order.buyerIpAddress,
      accessActivityLog: [
        `Checkout ${order.createdAt.toISOString()} from ${order.buyerIpAddress ?? 'an unrecorded address'} with ${order.buyerUserAgent ?? 'an unrecorded browser'}.`,
        `Streaming credentials emailed ${evidence?.credentialsEmailSentAt ?? 'never'}.`,
        ...usage,
      ].join('\n'),
      refundPolicy: refundPolicy?.markdown ?? null,
      refundPolicyDisclosure: evidence?.policiesAccepted.length
        ? `At checkout the buyer agreed to ${evidence.policiesAccepted.map((policy) => `${policy.name} version ${policy.version}`).join(' and ')} by paying ("By paying you agree to the Terms and the Refund Policy").`
        : 'The order was placed without a recorded agreement.',
      serviceDate: (order.paidAt ?? order.createdAt).toISOString().slice(0, 10),
      productDescription: `StreamPlus IPTV subscription, order ${order.id}: streaming lines delivered by email at purchase.`,
      uncategorizedText: [
        history
          ? `Customer history: ${history.orders} order(s), ${history.paidOrders} paid, first ${history.firstOrderAt ?? 'unknown'}; account ${history.hasAccount ? `since ${history.accountCreatedAt}` : 'none'}.`
          : '',
        `Earlier undisputed payments by the same card and customer: ${evidence?.priorPayments.map((payment) => `${payment.orderId} (${payment.paidAt.slice(0, 10)})`).join(', ') || 'none'}.`,
        ...(note ? [`Note from the store: ${note}`] : []),
      ]
        .filter(Boolean)
        .join('\n'),
      priorUndisputedCharges: (evidence?.priorPayments ?? [])
        .filter((payment): payment is PriorPayment & { chargeId: string } => payment.chargeId !== null)
        .map((payment) => ({ chargeId: payment.chargeId, customerEmailAddress: order.customerEmail, customerPurchaseIp: payment.ipAddress })),
    };
  }

  return {
    /** A dispute's or an early fraud warning's event, from Stripe's webhook (once per event id) or the demo bank. */
    async receiveEvent(event: DisputeEvent | WarningEvent, log: PaymentLog): Promise<void> {
      if (event.type === 'dispute') await receiveDispute(event, log);
      else await receiveWarning(event, log);
    },

    /**
     * POST /api/admin/orders/:orderId/dispute/submit: the assembled evidence and the owner's
     * note, through the provider, once; the claim is written before the provider's call and
     * given back if that call fails, so the owner may press again.
     */
    async submitEvidence(orderId: string, note: string | null, actor: AuditActor, log: PaymentLog): Promise<DisputeSubmitResponse> {
      const order = await findOrder(db, orderId);
      const dispute = order ? await disputeOfOrder(db, orderId) : null;
      if (!order || !dispute) throw notFound(DISPUTE_NOT_FOUND);
      if (isClosedDispute(dispute.status)) throw conflict(DISPUTE_NOT_OPEN);
      const claimed = await db.transaction(async (tx) => {
        const row = await claimEvidenceSubmission(tx, dispute.id, note, actor.id);
        if (row) await recordAdminAction(tx, { actor, action: 'order.dispute_evidence', target: { type: 'order', id: orderId }, before: {}, after: { disputeId: dispute.id, ...(note ? { note } : {}) } });
        return row;
      });
      if (!claimed) throw conflict(DISPUTE_ALREADY_SUBMITTED);
      try {
        const evidence = dispute.evidence ?? (await assembleEvidence(order, await subscriptionOfPaidOrder(db, order), log));
        await cardPayments.submitDisputeEvidence(dispute.id, toSubmission(order, evidence, note));
      } catch (error) {
        await releaseEvidenceSubmission(db, dispute.id);
        throw providerFailed(CARD_PROVIDER_UNAVAILABLE_MESSAGE, error);
      }
      return { orderId, submittedAt: claimed.submittedAt!.toISOString(), message: disputeSubmitted(orderId) };
    },
  };
}

export type DisputesWorkflow = ReturnType<typeof createDisputesWorkflow>;
