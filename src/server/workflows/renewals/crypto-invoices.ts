import { and, desc, eq, or } from 'drizzle-orm';
import type { CryptoInvoice } from '#contract/crypto';
import { parseMoney } from '#domain/money';
import type { Db, DbOrTx } from '#server/db/connect';
import type { Clock } from '#server/lib/clock';
import { localeOr, wordsIn } from '#server/lib/i18n/index';
import { findOrder, ordersForReading as orders, type OrderRow } from '#server/features/orders/index';
import type { CryptoPayments } from '#server/features/payments/index';
import { claimRenewalInvoice, invoiceOfOrder, isInvoicedOrder, openedRenewalInvoice, recordOpenedInvoice, recordRenewalOrder, releaseRenewalInvoice } from '#server/features/renewals/index';
import { subscriptionsForReading as subscriptions } from '#server/features/subscriptions/index';
import { invoicedRenewal } from './invoiced-renewal';

/**
 * How the subscription was last paid for: 'crypto' gets a renewal invoice (decision 0046), on
 * the buyer's last choices, in the currency last paid in (decision 0104). A read of the orders and the subscription they pay for, which only
 * this flow asks, so it is the workflow's (decision 0083).
 */
export async function lastPaidOrder(db: DbOrTx, subscriptionId: string) {
  const [row] = await db
    .select({ paymentMethod: orders.paymentMethod, selectedGiftCard: orders.selectedGiftCard, customerPhone: orders.customerPhone, currency: orders.currency, locale: orders.locale })
    .from(orders)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionId))
    .where(
      and(
        eq(orders.customerId, subscriptions.customerId),
        eq(orders.paymentStatus, 'completed'),
        or(eq(orders.id, subscriptions.orderId), eq(orders.renewsSubscriptionId, subscriptionId)),
      ),
    )
    .orderBy(desc(orders.paidAt))
    .limit(1);
  return row ?? null;
}

export interface RenewalInvoiceRequest {
  subscriptionId: string;
  /** The expiry the renewal runs from: one invoice per subscription and period. */
  periodEnd: Date;
  /** What the invoice names (decision 0075): the package, and the expiry paying it gives. */
  packageName: string;
  renewsUntil: Date;
  /** The zone its date is written in: the customer's (decision 0074). */
  timeZone: string;
  now: Date;
  /** Places the renewal order, as checkout does, at today's price. */
  placeOrder: () => Promise<OrderRow>;
}

/**
 * What the crypto-payment workflow asks of a renewal order (decision 0046) and hands the
 * crypto payments as data (decision 0088): whether an invoice was opened for it, and what
 * paying it renews.
 */
export function renewalInvoiceFacts({ db, clock, zoneOf }: { db: Db; clock: Clock; zoneOf: (db: Db, customerId: string) => Promise<string> }) {
  return {
    /** Whether an order is a renewal some invoice was opened for: its payment's notice may name a payment the store never saw. */
    isInvoicedOrder: (orderId: string) => isInvoicedOrder(db, orderId),
    /** What the invoice of a renewal order renews, as its page says it; null for an order no invoice was opened for. */
    async renewalOf(order: OrderRow): Promise<CryptoInvoice['renewal'] | null> {
      const invoice = await invoiceOfOrder(db, order.id);
      return invoice ? invoicedRenewal(db, invoice, order, { now: clock.now(), zoneOf: (customerId) => zoneOf(db, customerId) }) : null;
    },
  };
}

/**
 * What the provider's invoice page says it is for, in the renewal order's language and currency
 * (decisions 0107, 0110): the subscription's last paid order's, as the order was placed in them.
 */
export function invoiceDescription(order: Pick<OrderRow, 'id' | 'deviceCount' | 'totalAmount' | 'currency' | 'locale'>, packageName: string, renewsUntil: Date, timeZone: string): string {
  const words = wordsIn(localeOr(order.locale));
  return words.t('crypto.invoiceDescription', {
    packageName,
    devices: Number(order.deviceCount),
    amount: words.price(parseMoney(order.totalAmount), order.currency),
    date: words.date(renewsUntil, timeZone),
    orderId: order.id,
  });
}

/**
 * A crypto subscription's renewal invoice (decision 0046), across features: the renewals
 * feature keeps the period's row, the orders feature the renewal order, and the crypto
 * payments open the provider's invoice. Decision 0083: a flow that crosses features is a workflow's.
 */
export function createCryptoRenewalInvoices({ db, crypto }: { db: Db; crypto: Pick<CryptoPayments, 'openInvoice'> }) {
  /**
   * Opens the renewal invoice of a subscription paid by crypto, once per period however many
   * instances ask: the period's row is claimed, then the renewal order is placed
   * (`placeOrder`, at today's price), then the provider's invoice is opened. Its address, or
   * 'pending' while another instance is opening it. A provider failure throws, and the next
   * pass opens it.
   */
  async function open({ subscriptionId, periodEnd, packageName, renewsUntil, timeZone, now, placeOrder }: RenewalInvoiceRequest): Promise<{ invoiceUrl: string } | 'pending'> {
    const opened = await openedRenewalInvoice(db, subscriptionId, periodEnd);
    if (opened) return { invoiceUrl: opened.invoiceUrl! };
    const claim = await claimRenewalInvoice(db, subscriptionId, periodEnd, now);
    if (!claim) return 'pending';
    try {
      const order = (claim.orderId ? await findOrder(db, claim.orderId) : null) ?? (await placeOrder());
      if (claim.orderId !== order.id) await recordRenewalOrder(db, claim, order.id);
      const invoice = await crypto.openInvoice(order, invoiceDescription(order, packageName, renewsUntil, timeZone));
      await recordOpenedInvoice(db, claim, invoice);
      return { invoiceUrl: invoice.invoiceUrl };
    } catch (error) {
      await releaseRenewalInvoice(db, claim);
      throw error;
    }
  }

  return { open };
}

export type CryptoRenewalInvoices = ReturnType<typeof createCryptoRenewalInvoices>;
export type RenewalInvoiceFacts = ReturnType<typeof renewalInvoiceFacts>;
