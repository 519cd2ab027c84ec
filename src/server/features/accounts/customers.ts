import { and, eq, not, sql } from 'drizzle-orm';
import type { CustomerProfile } from '#contract/accounts';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt, prebuiltSql } from '#server/db/prebuilt';
import { customers } from './schema';

export type CustomerRow = typeof customers.$inferSelect;

export function toCustomerProfile(row: CustomerRow): CustomerProfile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    hasAccount: row.hasAccount,
  };
}

const customerById = prebuilt((db) => db.select().from(customers).where(eq(customers.id, sql.placeholder('id'))).limit(1));

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | null> {
  const [row] = await customerById(db, { id });
  return row ?? null;
}

/** The account row of an address (the one that signs in), if any. */
export async function findAccountByEmail(db: DbOrTx, email: string, { lock = false } = {}): Promise<CustomerRow | null> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.email, email), customers.hasAccount))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The guest row of an address (orders placed without an account), if any. */
export async function findGuestByEmail(db: DbOrTx, email: string, { lock = false } = {}): Promise<CustomerRow | null> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.email, email), not(customers.hasAccount)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * One statement: the proven account of the address, else its guest row, created when new.
 * An existing guest row keeps the names it was created with; each order keeps its own.
 * Its text is built once per process (decision 0048): every checkout sends it.
 */
const orderCustomerOfAddress = prebuiltSql<{ id: string; verified: boolean }>(
  () => sql`with verified as (
          select ${customers.id} from ${customers}
           where ${customers.email} = ${sql.placeholder('email')} and ${customers.hasAccount}
             and ${customers.emailVerifiedAt} is not null and ${customers.password} is not null
           limit 1
        ), guest as (
          insert into ${customers} (email, first_name, last_name, phone, has_account)
          select ${sql.placeholder('email')}, ${sql.placeholder('firstName')}, ${sql.placeholder('lastName')}, ${sql.placeholder('phone')}, false
           where not exists (select 1 from verified)
          on conflict (email) where not has_account do update set updated_at = now()
          returning id
        )
        select id, true as verified from verified
        union all
        select id, false as verified from guest`,
);

export interface OrderCustomerDetails {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
}

export interface OrderCustomer {
  customerId: string;
  /** False when the buyer still has to set a password (the checkout's needsPasswordSetup). */
  hasPassword: boolean;
}

/**
 * The customer a new order belongs to:
 * - the signed-in customer, when there is one;
 * - else the account of that address, but only once its owner proved the address, so that
 *   someone who registered another person's address never receives that person's orders;
 * - else the address's guest row, created when new. Its orders join an account when the
 *   emailed setup link is used.
 */
export async function resolveOrderCustomer(
  db: DbOrTx,
  details: OrderCustomerDetails,
  signedInCustomerId?: string | null,
): Promise<OrderCustomer> {
  if (signedInCustomerId) {
    const signedIn = await findCustomer(db, signedInCustomerId);
    if (signedIn) return { customerId: signedIn.id, hasPassword: signedIn.password !== null };
  }
  const email = details.email.trim().toLowerCase();
  const [owner] = await orderCustomerOfAddress(db, { email, firstName: details.firstName, lastName: details.lastName, phone: details.phone || null });
  return { customerId: owner!.id, hasPassword: owner!.verified };
}
