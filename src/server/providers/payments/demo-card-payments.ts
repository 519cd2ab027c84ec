import { randomBytes } from 'node:crypto';
import { and, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { prebuilt } from '#server/db/prebuilt';
import { demoPaymentIntents } from './schema';
import { InvalidWebhookError, wireCurrency, type CardPaymentProvider, type PaymentIntentState } from './card-payment-provider';
import { createDemoDisputes, type DemoDisputes } from './demo-disputes';
import { createDemoSavedCards, DECLINED_MESSAGE, demoCardFingerprint, demoId, intentState as toState, onSessionOutcome, type DemoExpiry, type DemoSetupResult } from './demo-saved-cards';

export const UNKNOWN_DEMO_CARD_MESSAGE =
  'Demo mode takes the test cards 4242 4242 4242 4242 (paid) and 4000 0000 0000 0002 (declined), and for automatic renewal 4000 0027 6000 3184 and 4000 0000 0000 9995';

export type DemoConfirmResult =
  | { outcome: 'succeeded'; intent: PaymentIntentState }
  | { outcome: 'declined'; intent: PaymentIntentState; message: string }
  | { outcome: 'unknown_card' }
  | { outcome: 'not_found' }
  | { outcome: 'canceled' }
  | { outcome: 'refunded' };

export interface DemoCardPayments extends CardPaymentProvider {
  readonly kind: 'demo';
  /**
   * Plays the card network: the test cards succeed, the decline card is declined. An intent
   * opened to keep its card (saveCardFor) keeps the paying card, with the form's expiry.
   */
  confirm(id: string, cardNumber: string, expiry?: DemoExpiry): Promise<DemoConfirmResult>;
  /** The customer's on-session confirmation (3-D Secure) of an off-session charge that asked for it. */
  confirmAuthentication(id: string): Promise<DemoConfirmResult>;
  /** Plays the browser's confirmation of a SetupIntent ("Update card") with a test card. */
  confirmSetup(id: string, cardNumber: string, expiry?: DemoExpiry): Promise<DemoSetupResult>;
  /** A tester's bank: opens a dispute of a paid intent, closes it won or lost, or warns of fraud (decision 0100). */
  openDispute: DemoDisputes['openDispute'];
  closeDispute: DemoDisputes['closeDispute'];
  earlyFraudWarning: DemoDisputes['earlyFraudWarning'];
}

type Row = typeof demoPaymentIntents.$inferSelect;

/** Statuses a card can no longer be charged to. */
const SETTLED = ['succeeded', 'canceled', 'refunded'];

const intentById = prebuilt((db) => db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, sql.placeholder('id'))).limit(1));
const chargeIntent = (outcome: { status: 'succeeded'; lastError: null } | { lastError: string }) =>
  prebuilt((db) =>
    db
      .update(demoPaymentIntents)
      .set({ ...outcome, cardFingerprint: sql`${sql.placeholder('cardFingerprint')}`, updatedAt: sql`now()` })
      .where(and(eq(demoPaymentIntents.id, sql.placeholder('id')), notInArray(demoPaymentIntents.status, SETTLED)))
      .returning(),
  );
const chargeSucceeded = chargeIntent({ status: 'succeeded', lastError: null });
const chargeDeclined = chargeIntent({ lastError: DECLINED_MESSAGE });
const insertIntent = prebuilt((db) =>
  db
    .insert(demoPaymentIntents)
    .values({
      id: sql.placeholder('id'),
      clientSecret: sql.placeholder('clientSecret'),
      amount: sql.placeholder('amount'),
      currency: sql.placeholder('currency'),
      status: 'requires_payment_method',
      orderId: sql.placeholder('orderId'),
      customerId: sql.placeholder('customerId'),
      setupFutureUsage: sql.placeholder('setupFutureUsage'),
    })
    .onConflictDoNothing({ target: demoPaymentIntents.id })
    .returning({ id: demoPaymentIntents.id, clientSecret: demoPaymentIntents.clientSecret }),
);


/** PaymentIntents kept in the store's own database: real states, no real money (D7). */
export function createDemoCardPayments(db: Db): DemoCardPayments {
  const savedCards = createDemoSavedCards(db);
  const disputes = createDemoDisputes(db);

  async function find(id: string): Promise<Row | null> {
    const [row] = await intentById(db, { id });
    return row ?? null;
  }

  /** Charges a test card to an intent still awaiting payment, in one conditional UPDATE; null when none awaits. */
  async function charge(id: string, succeeded: boolean, cardNumber: string): Promise<{ result: DemoConfirmResult; row: Row } | null> {
    const [updated] = await (succeeded ? chargeSucceeded : chargeDeclined)(db, { id, cardFingerprint: demoCardFingerprint(cardNumber) });
    if (!updated) return null;
    const result: DemoConfirmResult = succeeded
      ? { outcome: 'succeeded', intent: toState(updated) }
      : { outcome: 'declined', intent: toState(updated), message: DECLINED_MESSAGE };
    return { result, row: updated };
  }

  /** What became of an intent no card was charged to now: missing, settled, or still waiting. */
  async function settledOutcome(id: string): Promise<DemoConfirmResult | null> {
    const row = await find(id);
    if (!row) return { outcome: 'not_found' };
    if (row.status === 'succeeded') return { outcome: 'succeeded', intent: toState(row) };
    if (row.status === 'canceled') return { outcome: 'canceled' };
    if (row.status === 'refunded') return { outcome: 'refunded' };
    return null;
  }

  return {
    kind: 'demo',

    async createIntent({ orderId, amountCents, currency, idempotencyKey, saveCardFor }) {
      // The id follows from the idempotency key, so a repeated call finds the first intent.
      const id = demoId('pi', idempotencyKey);
      const [created] = await insertIntent(db, {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount: amountCents,
        currency: wireCurrency(currency),
        orderId,
        customerId: saveCardFor ?? null,
        setupFutureUsage: saveCardFor ? 'off_session' : null,
      });
      // Only a repeated call reads the first intent back.
      const row = created ?? (await find(id))!;
      return { id: row.id, clientSecret: row.clientSecret };
    },

    async retrieve(id) {
      const row = await find(id);
      return row ? toState(row) : null;
    },

    parseWebhook() {
      // The demo network tells the store of a payment within the confirm call itself.
      throw new InvalidWebhookError('The demo card provider sends no webhooks');
    },

    /**
     * A paid demo intent gives money back; the refund's id follows from its key, so asking
     * again answers the same refund. A refund of the whole amount makes it 'refunded'; the
     * store itself keeps what is left after partial ones (decision 0036).
     */
    async refund(paymentIntentId, { amountCents, idempotencyKey }) {
      await db
        .update(demoPaymentIntents)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(and(eq(demoPaymentIntents.id, paymentIntentId), eq(demoPaymentIntents.status, 'succeeded'), lte(demoPaymentIntents.amount, amountCents)));
      const row = await find(paymentIntentId);
      if (row?.status !== 'refunded' && row?.status !== 'succeeded') throw new Error(`Demo payment ${paymentIntentId} cannot be refunded (${row?.status ?? 'not found'})`);
      return { id: demoId('re', idempotencyKey), amount: amountCents, status: 'succeeded' };
    },

    async confirm(id, cardNumber, expiry) {
      const outcome = onSessionOutcome(cardNumber);
      const charged = outcome === 'unknown' ? null : await charge(id, outcome === 'succeeds', cardNumber);
      if (charged) {
        // Only an intent opened to keep its card costs statements more (docs/decisions/0023).
        if (charged.result.outcome === 'succeeded' && charged.row.setupFutureUsage) await savedCards.keepPayingCard(charged.row, cardNumber, expiry);
        return charged.result;
      }
      // Not charged: the intent is missing or settled, or the card is not a test card.
      return (await settledOutcome(id)) ?? { outcome: 'unknown_card' };
    },

    async confirmAuthentication(id) {
      const [updated] = await db
        .update(demoPaymentIntents)
        .set({ status: 'succeeded', lastError: null, lastErrorCode: null, updatedAt: sql`now()` })
        .where(and(eq(demoPaymentIntents.id, id), eq(demoPaymentIntents.status, 'requires_action')))
        .returning();
      if (updated) return { outcome: 'succeeded', intent: toState(updated) };
      const row = await find(id);
      // Only a charge that asked for its customer can be authenticated; a declined one stays declined.
      if (row && row.status === 'requires_payment_method') return { outcome: 'declined', intent: toState(row), message: row.lastError ?? DECLINED_MESSAGE };
      return (await settledOutcome(id)) ?? { outcome: 'not_found' };
    },

    chargeOffSession: savedCards.chargeOffSession,
    createCustomer: savedCards.createCustomer,
    savedCardOf: savedCards.savedCardOf,
    createSetupIntent: savedCards.createSetupIntent,
    retrieveSetupIntent: savedCards.retrieveSetupIntent,
    confirmSetup: savedCards.confirmSetup,
    openDispute: disputes.openDispute,
    closeDispute: disputes.closeDispute,
    earlyFraudWarning: disputes.earlyFraudWarning,
    submitDisputeEvidence: disputes.submitDisputeEvidence,
  };
}
