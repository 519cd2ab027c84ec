import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/connect';
import type { CardPaymentProvider, ProviderSavedCard } from '#server/providers/payments/index';
import { cardProviderCustomers, savedCards } from './schema';

/**
 * The cards customers keep with the card provider for renewals (decision 0044). The store holds
 * the provider's references and the card's summary; the provider holds the card.
 */

export interface SavedCard {
  id: string;
  customerId: string;
  provider: 'demo' | 'stripe';
  /** The provider's customer (cus_...). */
  customerRef: string;
  /** The provider's payment method (pm_...). */
  paymentMethodRef: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** The provider's fingerprint of the card; null for cards saved before it was kept (decision 0101). */
  cardFingerprint: string | null;
}

type SavedCardRow = typeof savedCards.$inferSelect;

const toSavedCard = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  customerId: row.customerId,
  provider: row.provider,
  customerRef: row.providerCustomerId,
  paymentMethodRef: row.providerPaymentMethodId,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  cardFingerprint: row.cardFingerprint,
});

/** A saved card by its id, or null. */
export async function findSavedCard(db: DbOrTx, savedCardId: string): Promise<SavedCard | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, savedCardId)).limit(1);
  return row ? toSavedCard(row) : null;
}

/** What a person recognises of each card, by id (the account page's "Visa ending 4242, expires 12/2030"). */
export async function savedCardSummaries(db: DbOrTx, savedCardIds: string[]) {
  const rows = await db.select().from(savedCards).where(inArray(savedCards.id, savedCardIds));
  return new Map(
    rows.map((row) => [row.id, { brand: row.brand ?? 'card', last4: row.last4 ?? '', expMonth: row.expMonth ?? 0, expYear: row.expYear ?? 0 }]),
  );
}

/**
 * Records a card the provider kept for the customer; saving the same provider card again
 * (a repeated notice, a job run twice) finds the first row and refreshes its summary.
 */
export async function recordSavedCard(db: DbOrTx, customerId: string, provider: 'demo' | 'stripe', card: ProviderSavedCard, now: Date): Promise<SavedCard> {
  // A repeated save refreshes the fingerprint too, and keeps a known one should the provider not tell it again.
  const summary = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
  const fingerprint = card.fingerprint;
  const [row] = await db
    .insert(savedCards)
    .values({ customerId, provider, providerCustomerId: card.customerRef, providerPaymentMethodId: card.paymentMethodRef, ...summary, cardFingerprint: fingerprint, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [savedCards.provider, savedCards.providerPaymentMethodId],
      set: { ...summary, cardFingerprint: sql`coalesce(excluded.card_fingerprint, ${savedCards.cardFingerprint})`, updatedAt: now },
    })
    .returning();
  return toSavedCard(row!);
}

/**
 * The provider's customer for a store customer: made the first time (under a key of the
 * customer, so two checkouts at once make one), then read from the store.
 */
export async function cardProviderCustomerFor(
  db: Db,
  provider: Pick<CardPaymentProvider, 'kind' | 'createCustomer'>,
  customer: { id: string; email: string; name: string },
): Promise<string> {
  const mine = and(eq(cardProviderCustomers.customerId, customer.id), eq(cardProviderCustomers.provider, provider.kind));
  const [known] = await db.select({ ref: cardProviderCustomers.providerCustomerId }).from(cardProviderCustomers).where(mine).limit(1);
  if (known) return known.ref;
  const ref = await provider.createCustomer({ email: customer.email, name: customer.name, idempotencyKey: `customer-${customer.id}` });
  await db.insert(cardProviderCustomers).values({ customerId: customer.id, provider: provider.kind, providerCustomerId: ref }).onConflictDoNothing();
  const [kept] = await db.select({ ref: cardProviderCustomers.providerCustomerId }).from(cardProviderCustomers).where(mine).limit(1);
  return kept!.ref;
}

/** The provider's customer already made for a store customer, or null. */
export async function knownCardProviderCustomer(db: DbOrTx, customerId: string, provider: 'demo' | 'stripe'): Promise<string | null> {
  const [known] = await db
    .select({ ref: cardProviderCustomers.providerCustomerId })
    .from(cardProviderCustomers)
    .where(and(eq(cardProviderCustomers.customerId, customerId), eq(cardProviderCustomers.provider, provider)))
    .limit(1);
  return known?.ref ?? null;
}

/**
 * A guest's cards follow the guest's purchases into the account the address proved (in the
 * merge's transaction, before the guest row goes). The account keeps its own provider
 * customer when it has one; the guest's cards keep theirs, under which the provider holds them.
 */
export async function moveCustomerCards(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.update(savedCards).set({ customerId: toCustomerId }).where(eq(savedCards.customerId, fromCustomerId));
  await tx
    .delete(cardProviderCustomers)
    .where(
      and(
        eq(cardProviderCustomers.customerId, fromCustomerId),
        sql`${cardProviderCustomers.provider} in (select provider from card_provider_customers where customer_id = ${toCustomerId})`,
      ),
    );
  await tx.update(cardProviderCustomers).set({ customerId: toCustomerId }).where(eq(cardProviderCustomers.customerId, fromCustomerId));
}
