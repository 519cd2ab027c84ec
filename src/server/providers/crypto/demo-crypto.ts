import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DEMO_CRYPTO_STATUSES } from '#contract/crypto';
import { DEFAULT_CURRENCY } from '#domain/currencies';
import { formatMoney, parseMoney } from '#domain/money';
import type { Db } from '#server/db/connect';
import { demoCryptoPayments } from './schema';
import {
  CryptoProviderError,
  PAY_CURRENCY,
  type CreateCryptoPaymentInput,
  type CreatedCryptoInvoice,
  type CreatedCryptoPayment,
  type CryptoPaymentNotice,
  type CryptoPaymentProvider,
  type CryptoPaymentState,
} from './crypto-provider';
import { parseNowPaymentsNotice } from './nowpayments-notice';
import { noticeOf, outcomeOf } from './payment-statuses';

/** The statuses a newcomer can make a demo payment reach from the checkout page. */
export type DemoSimulatedStatus = (typeof DEMO_CRYPTO_STATUSES)[number];

export interface DemoCryptoProvider extends CryptoPaymentProvider {
  readonly kind: 'demo';
  /** Moves a demo payment to a status, as a paying buyer would; false when there is no such payment. */
  setStatus(paymentId: string, status: DemoSimulatedStatus): Promise<boolean>;
  /** setStatus, then the notice NOWPayments would send about it; null when there is no such payment. */
  simulate(paymentId: string, status: DemoSimulatedStatus): Promise<CryptoPaymentNotice | null>;
}

type DemoRow = typeof demoCryptoPayments.$inferSelect;

function toState(row: DemoRow): CryptoPaymentState {
  return {
    paymentId: row.paymentId,
    paymentStatus: row.paymentStatus,
    outcome: outcomeOf(row.paymentStatus),
    orderId: row.orderId,
    priceAmountCents: parseMoney(row.priceAmount),
    priceCurrency: row.priceCurrency,
    payAmount: row.payAmount,
    payCurrency: row.payCurrency,
    payAddress: row.payAddress,
    ...(row.paymentStatus === 'finished' ? { actuallyPaid: row.payAmount } : {}),
    // A demo buyer who pays part sends half (rounded down), so the admin's review has a real figure.
    ...(row.paymentStatus === 'partially_paid' ? { actuallyPaid: formatMoney(Math.floor(parseMoney(row.payAmount) / 2)) } : {}),
  };
}

/**
 * The demo crypto provider (D7): payments kept in demo_crypto_payments, paid by pressing
 * a button instead of sending coins. 1 USDC is taken as 1 USD. Its notices come from the
 * button (simulate); with an IPN secret configured it also reads NOWPayments' signed IPNs
 * about its payments, as the store always has.
 */
export function createDemoCrypto(db: Db, { ipnSecret }: { ipnSecret?: string | undefined } = {}): DemoCryptoProvider {
  async function getPaymentStatus(paymentId: string): Promise<CryptoPaymentState> {
    const [row] = await db.select().from(demoCryptoPayments).where(eq(demoCryptoPayments.paymentId, paymentId)).limit(1);
    if (!row) throw new CryptoProviderError(`The demo crypto provider has no payment ${paymentId}.`);
    return toState(row);
  }

  async function setStatus(paymentId: string, status: DemoSimulatedStatus): Promise<boolean> {
    const updated = await db
      .update(demoCryptoPayments)
      .set({ paymentStatus: status, updatedAt: new Date() })
      .where(eq(demoCryptoPayments.paymentId, paymentId))
      .returning({ paymentId: demoCryptoPayments.paymentId });
    return updated.length > 0;
  }

  async function createPayment(input: CreateCryptoPaymentInput): Promise<CreatedCryptoPayment> {
    const amount = formatMoney(input.priceAmountCents);
    const [row] = await db
      .insert(demoCryptoPayments)
      .values({
        paymentId: `demo-${randomInt(1_000_000_000, 10_000_000_000)}`,
        orderId: input.orderId,
        priceAmount: amount,
        priceCurrency: input.priceCurrency ?? DEFAULT_CURRENCY,
        payAmount: amount,
        payCurrency: PAY_CURRENCY,
        payAddress: `0x${randomBytes(20).toString('hex')}`,
      })
      .returning();
    const { paymentId, payAmount, payCurrency, payAddress, paymentStatus } = row!;
    return { paymentId, payAmount, payCurrency, payAddress, paymentStatus };
  }

  return {
    kind: 'demo',
    createPayment,

    /** The demo's invoice is a payment of its own, shown and paid on the store's invoice page. */
    async createInvoice(input): Promise<CreatedCryptoInvoice> {
      const { paymentId } = await createPayment(input);
      return { invoiceId: paymentId, invoiceUrl: null, paymentId };
    },

    getPaymentStatus,
    setStatus,

    async simulate(paymentId, status) {
      if (!(await setStatus(paymentId, status))) return null;
      return noticeOf('demo', await getPaymentStatus(paymentId));
    },

    parseNotice: (raw, headers) => parseNowPaymentsNotice('demo', raw, headers, ipnSecret),
  };
}

export function isDemoCrypto(provider: CryptoPaymentProvider): provider is DemoCryptoProvider {
  return provider.kind === 'demo' && 'setStatus' in provider;
}
