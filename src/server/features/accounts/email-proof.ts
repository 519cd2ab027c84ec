import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import { findAccountByEmail, findCustomer, findGuestByEmail, type CustomerRow } from './customers';

/**
 * The owner of an address has just used a link emailed to it, and chose a password.
 * The address's account (made now from the guest row when there is none) takes that
 * password and is marked proven. When the address also has a guest row, everything bought
 * as a guest with it is the account's now (docs/decisions: guest orders and accounts): the
 * account-links workflow moves those rows, through each table's owner, then removes the
 * guest row (removeGuest). Run inside a transaction.
 */
export async function completeEmailProof(tx: DbOrTx, customerId: string, passwordHash: string): Promise<{ account: CustomerRow; guestId: string | null }> {
  const linked = await findCustomer(tx, customerId);
  if (!linked) throw new Error(`customer ${customerId} of a setup link is missing`);
  // Guest row first, then account: the order registration locks them in too.
  const guest = await findGuestByEmail(tx, linked.email, { lock: true });
  const account = await findAccountByEmail(tx, linked.email, { lock: true });
  const proven = { password: passwordHash, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` };

  if (!account) {
    const [made] = await tx
      .update(customers)
      .set({ ...proven, hasAccount: true })
      .where(eq(customers.id, guest!.id))
      .returning();
    return { account: made!, guestId: null };
  }
  // The account keeps its own zone; without one it takes the guest row's (decision 0074).
  const timeZone = account.timeZone ?? guest?.timeZone ?? null;
  const [updated] = await tx.update(customers).set({ ...proven, timeZone }).where(eq(customers.id, account.id)).returning();
  return { account: updated!, guestId: guest?.id ?? null };
}

/** Removes a guest row whose purchases joined an account (its unused links go with it). */
export async function removeGuest(tx: DbOrTx, guestId: string): Promise<void> {
  await tx.delete(customers).where(eq(customers.id, guestId));
}
