import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import type { CustomerRow } from './customers';

/** The names, phone and address an administrator gives a paid order's account (spec: create-customer). */
export interface OrderAccountDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
}

/**
 * Who receives an order given an account at this address: the address's proven account when
 * it has one, else its guest row (made now when there is none, the admin's names and phone
 * written on it). An unproven account never receives it: whoever registered the address
 * may not own it, so the emailed setup link, used by the address's owner, proves it first
 * and moves them (docs/decisions 0005). Run inside the order-account workflow's transaction.
 */
export async function ownerOfAddress(tx: DbOrTx, request: OrderAccountDetails): Promise<CustomerRow> {
  const details = { firstName: request.firstName, lastName: request.lastName, phone: request.phone, updatedAt: sql`now()` };
  const [proven] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.email, request.email), customers.hasAccount, isNotNull(customers.emailVerifiedAt)))
    .limit(1);
  if (proven) return proven;
  const [owner] = await tx
    .insert(customers)
    .values({ email: request.email, ...details, hasAccount: false })
    .onConflictDoUpdate({ target: customers.email, targetWhere: sql`not ${customers.hasAccount}`, set: details })
    .returning();
  return owner!;
}
