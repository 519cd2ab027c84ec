import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ORDER_NOT_FOUND, ORDER_NOT_PAID, orderOwnedElsewhere } from '#contract/admin';
import { maskEmail } from '#domain/mailbox';
import type { DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import { ordersForReading as orders } from '#server/features/orders/index';
import { moveOrderSubscription } from '#server/features/subscriptions/index';
import { conflict, notFound } from '#domain/errors';
import { assignOrderCustomer, moveOrderShipment } from '#server/features/orders/index';
import type { CustomerRow } from './customers';

export interface OrderAccountRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  orderId: string;
  confirmMove?: boolean | undefined;
}

/**
 * The administrator gives a paid order an account (spec: create-customer). The order, its
 * subscription and its shipment go to the address's proven account when it has one, else to
 * its guest row (made now when there is none, the admin's names and phone written on it).
 * An unproven account never receives them: whoever registered the address may not own it,
 * so the emailed setup link, used by the address's owner, proves it first and moves them
 * (docs/decisions 0005). An order that belongs to another address moves only when the
 * request confirms it; without that it is refused before anything is written, naming the
 * owner masked (docs/decisions 0037). Run inside a transaction; returns the customer to
 * email and the customer the order had before with its address, for the audit log.
 */
export async function assignOrderToAddress(
  tx: DbOrTx,
  request: OrderAccountRequest,
): Promise<{ owner: CustomerRow; previousCustomerId: string | null; previousEmail: string | null }> {
  const [order] = await tx
    .select({ id: orders.id, customerId: orders.customerId, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for('update')
    .limit(1);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.paymentStatus !== 'completed') throw conflict(ORDER_NOT_PAID);
  const previousEmail = order.customerId ? await emailOf(tx, order.customerId) : null;
  // Addresses are stored lower case (contract's emailField), so equal spellings compare equal.
  if (previousEmail !== null && previousEmail !== request.email && request.confirmMove !== true) {
    const currentOwner = maskEmail(previousEmail);
    throw conflict(orderOwnedElsewhere(currentOwner, request.email), { currentOwner });
  }

  const details = { firstName: request.firstName, lastName: request.lastName, phone: request.phone, updatedAt: sql`now()` };
  const [proven] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.email, request.email), customers.hasAccount, isNotNull(customers.emailVerifiedAt)))
    .limit(1);
  const [owner] = proven
    ? [proven]
    : await tx
        .insert(customers)
        .values({ email: request.email, ...details, hasAccount: false })
        .onConflictDoUpdate({ target: customers.email, targetWhere: sql`not ${customers.hasAccount}`, set: details })
        .returning();

  if (order.customerId !== owner!.id) {
    await assignOrderCustomer(tx, order.id, owner!.id);
    await moveOrderSubscription(tx, order.id, owner!.id);
    await moveOrderShipment(tx, order.id, owner!.id);
  }
  return { owner: owner!, previousCustomerId: order.customerId, previousEmail };
}

async function emailOf(tx: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.email ?? null;
}
