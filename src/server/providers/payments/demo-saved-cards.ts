import { hash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { DEMO_CARD_AUTHENTICATION_REQUIRED, DEMO_CARD_DECLINED, DEMO_CARD_INSUFFICIENT_FUNDS, DEMO_CARD_SUCCESS } from '#contract/checkout';
import type { Db, DbOrTx } from '#server/db/connect';
import { demoCustomers, demoPaymentIntents, demoPaymentMethods, demoSetupIntents } from './schema';
import { wireCurrency, type OffSessionCharge, type OffSessionResult, type PaymentIntentState, type ProviderSavedCard, type SetupIntentState } from './card-payment-provider';

/**
 * The demo provider's saved cards (decision 0044): customers, the cards kept for them with each
 * test number's behaviour off session, SetupIntents, and charges with the customer absent,
 * as Stripe's test cards behave.
 */

export const DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';

type OffSessionBehaviour = 'succeeds' | 'authentication_required' | 'insufficient_funds';

/** The test numbers a card can be saved with, and how each answers a charge with its owner absent. */
const SAVEABLE_CARDS: Record<string, OffSessionBehaviour> = {
  [DEMO_CARD_SUCCESS]: 'succeeds',
  [DEMO_CARD_AUTHENTICATION_REQUIRED]: 'authentication_required',
  [DEMO_CARD_INSUFFICIENT_FUNDS]: 'insufficient_funds',
};

/** A test card's fate on session: paid (every saveable card), declined, or not a test card. */
export function onSessionOutcome(cardNumber: string): 'succeeds' | 'declined' | 'unknown' {
  if (cardNumber === DEMO_CARD_DECLINED) return 'declined';
  return cardNumber in SAVEABLE_CARDS ? 'succeeds' : 'unknown';
}

/** The demo form's expiry; a caller without one (a test) gets a card valid for years. */
export interface DemoExpiry {
  month: number;
  year: number;
}
const DEFAULT_EXPIRY: DemoExpiry = { month: 12, year: 2034 };

/** A test card's fingerprint: the same number, the same fingerprint, as Stripe's are (decision 0099). */
export const demoCardFingerprint = (cardNumber: string) => `demo_${hash('sha256', cardNumber.replace(/\D/g, ''), 'hex').slice(0, 16)}`;

/** Ids that follow from a seed, so a repeated call (same key, same intent) finds the first object. */
export const demoId = (prefix: string, seed: string) => `${prefix}_demo_${hash('sha256', seed, 'hex').slice(0, 24)}`;

type IntentRow = typeof demoPaymentIntents.$inferSelect;
type MethodRow = typeof demoPaymentMethods.$inferSelect;

export const intentState = (row: IntentRow): PaymentIntentState => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  currency: row.currency,
  metadata: { orderId: row.orderId },
  cardFingerprint: row.cardFingerprint,
  // A paid demo intent's one charge, named after it (decision 0100's prior payments cite charges).
  chargeId: row.cardFingerprint ? `ch_${row.id}` : null,
});

const savedCard = (method: MethodRow): ProviderSavedCard => ({
  customerRef: method.customerId,
  paymentMethodRef: method.id,
  brand: method.brand,
  last4: method.last4,
  expMonth: method.expMonth,
  expYear: method.expYear,
  fingerprint: method.cardFingerprint,
});

/** Keeps a test card for a customer under an id that follows from `seed` (the intent that saved it): saving twice keeps one. */
async function keepCard(db: DbOrTx, seed: string, customerId: string, cardNumber: string, expiry: DemoExpiry = DEFAULT_EXPIRY): Promise<string> {
  const id = demoId('pm', seed);
  await db
    .insert(demoPaymentMethods)
    .values({
      id,
      customerId,
      offSessionBehaviour: SAVEABLE_CARDS[cardNumber] ?? 'succeeds',
      brand: 'visa',
      last4: cardNumber.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year < 100 ? 2000 + expiry.year : expiry.year,
      cardFingerprint: demoCardFingerprint(cardNumber),
    })
    .onConflictDoNothing({ target: demoPaymentMethods.id });
  return id;
}

async function findMethod(db: Db, id: string): Promise<MethodRow | null> {
  const [row] = await db.select().from(demoPaymentMethods).where(eq(demoPaymentMethods.id, id)).limit(1);
  return row ?? null;
}

function offSessionResult(row: IntentRow): OffSessionResult {
  if (row.status === 'succeeded') return { outcome: 'succeeded', intent: intentState(row) };
  if (row.status === 'requires_action') return { outcome: 'authentication_required', intent: intentState(row), clientSecret: row.clientSecret };
  return { outcome: 'declined', intent: intentState(row), code: row.lastErrorCode ?? 'card_declined', message: row.lastError ?? DECLINED_MESSAGE };
}

/** What a charge of this card with its owner absent does to the new intent. */
function offSessionCharge(method: MethodRow | null): Pick<IntentRow, 'status' | 'lastError' | 'lastErrorCode'> {
  switch (method?.offSessionBehaviour) {
    case 'succeeds':
      return { status: 'succeeded', lastError: null, lastErrorCode: null };
    case 'authentication_required':
      return { status: 'requires_action', lastError: null, lastErrorCode: null };
    case 'insufficient_funds':
      return { status: 'requires_payment_method', lastError: INSUFFICIENT_FUNDS_MESSAGE, lastErrorCode: 'insufficient_funds' };
    default:
      // No such card for this customer: Stripe refuses it too.
      return { status: 'requires_payment_method', lastError: DECLINED_MESSAGE, lastErrorCode: 'card_declined' };
  }
}

export type DemoSetupResult =
  | { outcome: 'succeeded'; setupIntent: SetupIntentState }
  | { outcome: 'declined'; message: string }
  | { outcome: 'unknown_card' }
  | { outcome: 'not_found' };

export function createDemoSavedCards(db: Db) {
  async function findSetupIntent(id: string) {
    const [row] = await db.select().from(demoSetupIntents).where(eq(demoSetupIntents.id, id)).limit(1);
    return row ?? null;
  }

  async function setupIntentState(row: typeof demoSetupIntents.$inferSelect): Promise<SetupIntentState> {
    const method = row.paymentMethodId ? await findMethod(db, row.paymentMethodId) : null;
    return { id: row.id, status: row.status, customerRef: row.customerId, card: method ? savedCard(method) : null };
  }

  return {
    createCustomer: async ({ email, idempotencyKey }: { email: string; idempotencyKey: string }): Promise<string> => {
      const id = demoId('cus', idempotencyKey);
      await db.insert(demoCustomers).values({ id, email }).onConflictDoNothing({ target: demoCustomers.id });
      return id;
    },

    savedCardOf: async (paymentIntentId: string): Promise<ProviderSavedCard | null> => {
      const [row] = await db
        .select({ method: demoPaymentMethods })
        .from(demoPaymentIntents)
        .innerJoin(demoPaymentMethods, eq(demoPaymentMethods.id, demoPaymentIntents.paymentMethodId))
        .where(and(eq(demoPaymentIntents.id, paymentIntentId), eq(demoPaymentIntents.setupFutureUsage, 'off_session')))
        .limit(1);
      return row ? savedCard(row.method) : null;
    },

    /** Called by confirm when a card paid an intent that was to keep it. */
    keepPayingCard: async (intent: IntentRow, cardNumber: string, expiry?: DemoExpiry): Promise<void> => {
      if (intent.setupFutureUsage !== 'off_session' || !intent.customerId || intent.paymentMethodId) return;
      const methodId = await keepCard(db, intent.id, intent.customerId, cardNumber, expiry);
      await db.update(demoPaymentIntents).set({ paymentMethodId: methodId, updatedAt: sql`now()` }).where(eq(demoPaymentIntents.id, intent.id));
    },

    chargeOffSession: async ({ orderId, amountCents, currency, customerRef, paymentMethodRef, idempotencyKey }: OffSessionCharge): Promise<OffSessionResult> => {
      const id = demoId('pi', idempotencyKey);
      const [method] = await db
        .select()
        .from(demoPaymentMethods)
        .where(and(eq(demoPaymentMethods.id, paymentMethodRef), eq(demoPaymentMethods.customerId, customerRef)))
        .limit(1);
      // The first call with a key decides; a repeat reads that intent (and whatever became of it).
      await db
        .insert(demoPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          amount: amountCents,
          currency: wireCurrency(currency),
          orderId,
          customerId: customerRef,
          paymentMethodId: method ? method.id : null,
          // The charge carries its card's fingerprint, as Stripe's does, for the check when it completes (decision 0099).
          cardFingerprint: method?.cardFingerprint ?? null,
          ...offSessionCharge(method ?? null),
        })
        .onConflictDoNothing({ target: demoPaymentIntents.id });
      const [row] = await db.select().from(demoPaymentIntents).where(eq(demoPaymentIntents.id, id)).limit(1);
      return offSessionResult(row!);
    },

    createSetupIntent: async ({ customerRef, idempotencyKey }: { customerRef: string; idempotencyKey: string }) => {
      const id = demoId('seti', idempotencyKey);
      await db
        .insert(demoSetupIntents)
        .values({ id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, customerId: customerRef, status: 'requires_payment_method' })
        .onConflictDoNothing({ target: demoSetupIntents.id });
      const row = (await findSetupIntent(id))!;
      return { id: row.id, clientSecret: row.clientSecret };
    },

    retrieveSetupIntent: async (id: string): Promise<SetupIntentState | null> => {
      const row = await findSetupIntent(id);
      return row ? setupIntentState(row) : null;
    },

    /** Plays the browser's confirmation of a SetupIntent with a test card: saveable cards are kept, the decline card is refused. */
    confirmSetup: async (id: string, cardNumber: string, expiry?: DemoExpiry): Promise<DemoSetupResult> => {
      const row = await findSetupIntent(id);
      if (!row) return { outcome: 'not_found' };
      if (row.status === 'succeeded') return { outcome: 'succeeded', setupIntent: await setupIntentState(row) };
      const outcome = onSessionOutcome(cardNumber);
      if (outcome === 'unknown') return { outcome: 'unknown_card' };
      if (outcome === 'declined') {
        await db.update(demoSetupIntents).set({ lastError: DECLINED_MESSAGE, updatedAt: sql`now()` }).where(eq(demoSetupIntents.id, id));
        return { outcome: 'declined', message: DECLINED_MESSAGE };
      }
      const methodId = await keepCard(db, id, row.customerId, cardNumber, expiry);
      const [updated] = await db
        .update(demoSetupIntents)
        .set({ status: 'succeeded', paymentMethodId: methodId, lastError: null, updatedAt: sql`now()` })
        .where(eq(demoSetupIntents.id, id))
        .returning();
      return { outcome: 'succeeded', setupIntent: await setupIntentState(updated!) };
    },
  };
}
