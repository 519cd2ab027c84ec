import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connect';
import { cryptoRenewalInvoices } from './schema';

/**
 * The rows of crypto renewal invoices (decision 0046), one per subscription and period.
 * An instance claims the row first, so two instances never both open an invoice; a claim
 * left unfinished (a crash, a provider outage) is taken over after CLAIM_HELD_MS.
 */

const CLAIM_HELD_MS = 2 * 60 * 1000;

export type RenewalInvoiceRow = typeof cryptoRenewalInvoices.$inferSelect;

/** The period's invoice row if this caller may work on it (new, or an abandoned claim); null when another holds it or it is done. */
export async function claimRenewalInvoice(db: Db, subscriptionId: string, periodEnd: Date, now: Date): Promise<RenewalInvoiceRow | null> {
  const [claimed] = await db
    .insert(cryptoRenewalInvoices)
    .values({ subscriptionId, periodEnd, claimedAt: now })
    .onConflictDoUpdate({
      target: [cryptoRenewalInvoices.subscriptionId, cryptoRenewalInvoices.periodEnd],
      set: { claimedAt: now },
      setWhere: and(isNull(cryptoRenewalInvoices.invoiceUrl), lt(cryptoRenewalInvoices.claimedAt, new Date(now.getTime() - CLAIM_HELD_MS))),
    })
    .returning();
  return claimed ?? null;
}

/** The period's invoice, once opened. */
export async function openedRenewalInvoice(db: Db, subscriptionId: string, periodEnd: Date): Promise<RenewalInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(cryptoRenewalInvoices)
    .where(and(eq(cryptoRenewalInvoices.subscriptionId, subscriptionId), eq(cryptoRenewalInvoices.periodEnd, periodEnd), isNotNull(cryptoRenewalInvoices.invoiceUrl)));
  return row ?? null;
}

export async function recordRenewalOrder(db: Db, row: RenewalInvoiceRow, orderId: string): Promise<void> {
  await db
    .update(cryptoRenewalInvoices)
    .set({ orderId })
    .where(and(eq(cryptoRenewalInvoices.subscriptionId, row.subscriptionId), eq(cryptoRenewalInvoices.periodEnd, row.periodEnd)));
}

export async function recordOpenedInvoice(db: Db, row: RenewalInvoiceRow, invoice: { invoiceId: string; invoiceUrl: string }): Promise<void> {
  await db
    .update(cryptoRenewalInvoices)
    .set(invoice)
    .where(and(eq(cryptoRenewalInvoices.subscriptionId, row.subscriptionId), eq(cryptoRenewalInvoices.periodEnd, row.periodEnd)));
}

/** Lets the next pass take the claim over at once (the provider failed). */
export async function releaseRenewalInvoice(db: Db, row: RenewalInvoiceRow): Promise<void> {
  await db
    .update(cryptoRenewalInvoices)
    .set({ claimedAt: sql`${cryptoRenewalInvoices.claimedAt} - make_interval(secs => ${CLAIM_HELD_MS / 1000 + 1})` })
    .where(and(eq(cryptoRenewalInvoices.subscriptionId, row.subscriptionId), eq(cryptoRenewalInvoices.periodEnd, row.periodEnd), isNull(cryptoRenewalInvoices.invoiceUrl)));
}

/** The opened invoice whose renewal order this is, if any. */
export async function invoiceOfOrder(db: Db, orderId: string): Promise<RenewalInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(cryptoRenewalInvoices)
    .where(and(eq(cryptoRenewalInvoices.orderId, orderId), isNotNull(cryptoRenewalInvoices.invoiceId)));
  return row ?? null;
}

/** Whether an order is a renewal some invoice was opened for: its payment's notice may name a payment the store never saw. */
export async function isInvoicedOrder(db: Db, orderId: string): Promise<boolean> {
  return (await invoiceOfOrder(db, orderId)) !== null;
}
