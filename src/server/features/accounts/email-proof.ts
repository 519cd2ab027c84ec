import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import { moveCustomerSubscriptions } from '#server/features/subscriptions/index';
import { moveCustomerOrders, moveCustomerShipments } from '#server/features/orders/index';
import { carryReminderChoice } from '#server/features/mail/index';
import { findAccountByEmail, findCustomer, findGuestByEmail, type CustomerRow } from './customers';

/**
 * The owner of an address has just used a link emailed to it, and chose a password.
 * The address's account (made now from the guest row when there is none) takes that
 * password and is marked proven, and everything bought as a guest with the address
 * moves to it (docs/decisions: guest orders and accounts). Run inside a transaction.
 */
export async function completeEmailProof(
  tx: DbOrTx,
  customerId: string,
  passwordHash: string,
  moveSavedCards?: (tx: DbOrTx, fromCustomerId: string, toCustomerId: string) => Promise<void>,
): Promise<CustomerRow> {
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
    return made!;
  }
  if (guest) {
    // Before the guest row goes: its saved cards refer to it.
    await moveSavedCards?.(tx, guest.id, account.id);
    await moveGuestPurchases(tx, guest.id, account.id);
  }
  // The account keeps its own zone; without one it takes the guest row's (decision 0074).
  const timeZone = account.timeZone ?? guest?.timeZone ?? null;
  const [updated] = await tx.update(customers).set({ ...proven, timeZone }).where(eq(customers.id, account.id)).returning();
  return updated!;
}

/**
 * Re-homes a guest row's orders, subscriptions and shipments, then removes the emptied
 * row (its unused links go with it). Ownership of an address is the accounts capability's
 * rule, so this one place moves them, through each table's owner.
 */
async function moveGuestPurchases(tx: DbOrTx, guestId: string, accountId: string): Promise<void> {
  await moveCustomerOrders(tx, guestId, accountId);
  await moveCustomerSubscriptions(tx, guestId, accountId);
  await moveCustomerShipments(tx, guestId, accountId);
  // An unsubscribe made from a reminder sent to the guest row holds for the account too (decision 0040).
  await carryReminderChoice(tx, guestId, accountId);
  await tx.delete(customers).where(eq(customers.id, guestId));
}
