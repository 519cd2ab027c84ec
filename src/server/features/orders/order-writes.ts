import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt, type PrebuiltCause } from '#server/db/prebuilt';
import { currentVersionSql } from '#server/features/policies/index';
import { orders } from './schema';
import type { OrderRow } from './order-row';

/**
 * The writes other features make to an order, each inside the caller's transaction (or
 * on the database for a single statement): features/orders is the one writer of `orders`
 * (ARCHITECTURE: each table has one owner). Conditional ones say whether they applied.
 * Changes of the order's status are status-changes.ts's.
 */

/** The columns a checkout writes; the others take their defaults. */
const PLACED_ORDER_COLUMNS = [
  'id',
  'customerId',
  'customerName',
  'customerEmail',
  'customerPhone',
  'packageId',
  'selectedGiftCard',
  'paymentMethod',
  'deviceCount',
  'couponCode',
  'couponDiscount',
  'couponReserved',
  'subtotalAmount',
  'totalAmount',
  'cashbackAmount',
  'requiresShipping',
  'shippingAddress',
  'shippingCity',
  'shippingState',
  'shippingZip',
  'shippingCountry',
  'renewsSubscriptionId',
  'autoRenew',
  'checkoutKey',
  'setTopBoxMacs',
  'currency',
  'locale',
] as const;

export type NewOrder = Pick<typeof orders.$inferInsert, (typeof PLACED_ORDER_COLUMNS)[number]>;

/** Who agreed to the store's policies by placing the order at a checkout (decision 0097); none for an order the store places itself. */
export interface BuyerAgreement {
  ipAddress: string;
  userAgent: string;
}

/** The version of each agreed policy in force, read in the insert itself, for an order placed by a buyer. */
const agreedVersion = (name: 'terms' | 'refund-policy') => sql`case when cast(${sql.placeholder('agreed')} as boolean) then ${currentVersionSql(name)} end`;

// Written by every checkout: built once (docs/decisions/0039), each column a placeholder.
const insertPlacedOrder = prebuilt((db) =>
  db
    .insert(orders)
    .values({
      ...(Object.fromEntries(PLACED_ORDER_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as typeof orders.$inferInsert),
      buyerIpAddress: sql.placeholder('buyerIpAddress'),
      buyerUserAgent: sql.placeholder('buyerUserAgent'),
      termsVersion: agreedVersion('terms'),
      refundPolicyVersion: agreedVersion('refund-policy'),
    })
    .onConflictDoNothing({ target: orders.checkoutKey })
    .returning(),
);

/** The checkout's new order; null when its checkout key is already taken (a double submit, decision 0008). */
export async function insertOrder(tx: DbOrTx, values: NewOrder, agreement: BuyerAgreement | null = null): Promise<OrderRow | null> {
  // Checkout gives every column; one it leaves undefined (a phone not given) is written null.
  const [inserted] = await insertPlacedOrder(tx, {
    ...Object.fromEntries(PLACED_ORDER_COLUMNS.map((column) => [column, values[column] ?? null])),
    // The column's own default, for a caller that names no language (decision 0107).
    locale: values.locale ?? 'en',
    agreed: agreement !== null,
    buyerIpAddress: agreement?.ipAddress ?? null,
    buyerUserAgent: agreement?.userAgent ?? null,
  });
  return inserted ?? null;
}

/** Frees a checkout key an old or settled order still holds, so the same cart can be bought again. */
export async function releaseCheckoutKey(tx: DbOrTx, orderId: string, key: string): Promise<void> {
  await tx.update(orders).set({ checkoutKey: null }).where(and(eq(orders.id, orderId), eq(orders.checkoutKey, key)));
}

/** Remembers the order's card PaymentIntent; the first one attached stays. */
export async function attachPaymentIntent(tx: DbOrTx, orderId: string, paymentIntentId: string): Promise<void> {
  await attachIntent(tx, { orderId, paymentIntentId });
}

// Written by every card checkout: built once (docs/decisions/0039).
const attachIntent = prebuilt((db) =>
  db
    .update(orders)
    .set({ stripePaymentIntentId: sql`${sql.placeholder('paymentIntentId')}` })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.stripePaymentIntentId))),
);

/** Remembers the order's crypto payment; false when a concurrent submit attached one first. */
export async function attachCryptoPayment(tx: DbOrTx, orderId: string, paymentId: string): Promise<boolean> {
  const attached = await tx
    .update(orders)
    .set({ cryptoPaymentId: paymentId, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.cryptoPaymentId)))
    .returning({ id: orders.id });
  return attached.length === 1;
}

/** Gives one order to a customer (an admin's create-customer). */
export async function assignOrderCustomer(tx: DbOrTx, orderId: string, customerId: string): Promise<void> {
  await tx.update(orders).set({ customerId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}

/** Moves every order of a guest row to the account that proved the address. */
export async function moveCustomerOrders(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.update(orders).set({ customerId: toCustomerId }).where(eq(orders.customerId, fromCustomerId));
}

/** How a provisioning failure's reason begins, so that success clears it and nothing else (a coupon's note, say). */
const PROVISIONING_FAILED = 'Provisioning failed';

/**
 * Marks a paid order applied to its subscription: once (false when already applied) and
 * only while it is paid, so a refund that committed first leaves it unprovisioned. A
 * provisioning failure's reason goes with it.
 */
export async function markOrderFulfilled(tx: DbOrTx, orderId: string, at: Date): Promise<boolean> {
  const claimed = await claimFulfilment(tx, { orderId, at: at.toISOString() });
  return claimed.length === 1;
}

// Written for every paid order: built once (docs/decisions/0039).
const claimFulfilment = prebuilt((db) =>
  db
    .update(orders)
    .set({
      fulfilledAt: sql`${sql.placeholder('at')}::timestamptz`,
      failureReason: sql`case when ${orders.failureReason} like ${`${PROVISIONING_FAILED}%`} then null else ${orders.failureReason} end`,
      updatedAt: sql`${sql.placeholder('at')}::timestamptz`,
    })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.fulfilledAt), eq(orders.paymentStatus, 'completed')))
    .returning({ id: orders.id }),
);

/** Says why a paid order has no service yet, for the admin's list: its provisioning ran out of attempts. */
export async function recordProvisioningFailure(tx: DbOrTx, orderId: string, attempts: number, error: string): Promise<void> {
  await tx
    .update(orders)
    .set({ failureReason: `${PROVISIONING_FAILED} after ${attempts} attempts: ${error}`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'completed'), isNull(orders.fulfilledAt)));
}

/**
 * The claim of the order confirmation email, not yet run: the mail feature runs it in the
 * statement that writes the email (docs/decisions/0028), so the claim and the email commit
 * together. It yields the order only the first time, so no run writes a second one.
 */
export function orderConfirmationClaim(tx: DbOrTx, orderId: string): PrebuiltCause {
  return {
    // Its text is built once with the email's INSERT around it (decision 0048).
    shape: 'order-confirmation-claim',
    build: () =>
      tx
        .update(orders)
        .set({ confirmationSentAt: sql`now()` })
        .where(and(eq(orders.id, sql.placeholder('claimOrderId')), isNull(orders.confirmationSentAt)))
        .returning({ id: orders.id }),
    values: { claimOrderId: orderId },
  };
}
