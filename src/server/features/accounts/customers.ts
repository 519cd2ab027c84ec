import { and, eq, isNull, not, sql } from 'drizzle-orm';
import type { CustomerProfile } from '#contract/accounts';
import type { DbOrTx } from '#server/db/connect';
import { prebuilt, prebuiltSql } from '#server/db/prebuilt';
import { customers } from './schema';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer as their own pages read them; `storeTimeZone` stands in for a zone not yet known (decision 0074). */
export function toCustomerProfile(row: CustomerRow, storeTimeZone: string): CustomerProfile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    createdAt: row.createdAt.toISOString(),
    hasAccount: row.hasAccount,
    timeZone: timeZoneOf(row, storeTimeZone),
  };
}

/** The zone a customer's emails write times in: theirs, else the store's (decision 0074). */
export const timeZoneOf = (customer: Pick<CustomerRow, 'timeZone'>, storeTimeZone: string) => customer.timeZone ?? storeTimeZone;

const customerById = prebuilt((db) => db.select().from(customers).where(eq(customers.id, sql.placeholder('id'))).limit(1));

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | null> {
  const [row] = await customerById(db, { id });
  return row ?? null;
}

/** The account row of an address (the one that signs in), if any. */
/** Whether the customer can sign in with a password (the checkout's needsPasswordSetup). */
export async function customerHasPassword(db: DbOrTx, id: string): Promise<boolean> {
  return Boolean((await findCustomer(db, id))?.password);
}

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
const orderCustomerOfAddress = prebuiltSql<{ id: string; verified: boolean; locale: string | null }>(
  () => sql`with verified as (
          select ${customers.id}, ${customers.locale} from ${customers}
           where ${customers.email} = ${sql.placeholder('email')} and ${customers.hasAccount}
             and ${customers.emailVerifiedAt} is not null and ${customers.password} is not null
           limit 1
        ), guest as (
          insert into ${customers} (email, first_name, last_name, phone, has_account, time_zone, locale)
          select ${sql.placeholder('email')}, ${sql.placeholder('firstName')}, ${sql.placeholder('lastName')}, ${sql.placeholder('phone')}, false, ${sql.placeholder('timeZone')}::text,
                 coalesce(${sql.placeholder('locale')}::text, ${sql.placeholder('browserLocale')}::text)
           where not exists (select 1 from verified)
          on conflict (email) where not has_account
          do update set updated_at = now(), time_zone = coalesce(${customers}.time_zone, excluded.time_zone),
                        locale = coalesce(${sql.placeholder('locale')}::text, ${customers}.locale, excluded.locale)
          returning id, locale
        )
        select id, true as verified, locale from verified
        union all
        select id, false as verified, locale from guest`,
);

export interface OrderCustomerDetails {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string | null;
  /** The buyer's browser's zone, if known: kept for a customer who has none yet (decision 0074). */
  timeZone?: string | null;
  /** The language the buyer named: becomes the customer's (decision 0107). */
  locale?: string | null;
  /** The browser's language (Accept-Language): the customer's only when they have none yet. */
  browserLocale?: string | null;
}

export interface OrderCustomer {
  customerId: string;
  /** False when the buyer still has to set a password (the checkout's needsPasswordSetup). */
  hasPassword: boolean;
  /** The customer's language once this order is recorded; null when none is known (decision 0107). */
  locale: string | null;
}

/**
 * The customer a new order belongs to:
 * - the signed-in customer, when there is one;
 * - else the account of that address, but only once its owner proved the address, so that
 *   someone who registered another person's address never receives that person's orders;
 * - else the address's guest row, created when new. Its orders join an account when the
 *   emailed setup link is used.
 * The browser's zone becomes the customer's when they have none, never replacing one (decision
 * 0074); an account the buyer is not signed in to keeps its own, as a stranger may type its address.
 */
export async function resolveOrderCustomer(
  db: DbOrTx,
  details: OrderCustomerDetails,
  signedInCustomerId?: string | null,
): Promise<OrderCustomer> {
  if (signedInCustomerId) {
    const signedIn = await findCustomer(db, signedInCustomerId);
    if (signedIn) {
      if (details.timeZone && !signedIn.timeZone) await recordFirstTimeZone(db, signedIn.id, details.timeZone);
      const locale = await recordLocale(db, signedIn, details);
      return { customerId: signedIn.id, hasPassword: signedIn.password !== null, locale };
    }
  }
  const email = details.email.trim().toLowerCase();
  const [owner] = await orderCustomerOfAddress(db, {
    email,
    firstName: details.firstName,
    lastName: details.lastName,
    phone: details.phone || null,
    timeZone: details.timeZone ?? null,
    locale: details.locale ?? null,
    browserLocale: details.browserLocale ?? null,
  });
  return { customerId: owner!.id, hasPassword: owner!.verified, locale: owner!.locale };
}

/**
 * The signed-in buyer's language (decision 0107): the one they named replaces theirs; the
 * browser's is kept only when they have none yet. Their saved language otherwise stays.
 */
async function recordLocale(db: DbOrTx, customer: CustomerRow, { locale, browserLocale }: Pick<OrderCustomerDetails, 'locale' | 'browserLocale'>): Promise<string | null> {
  const wanted = locale ?? customer.locale ?? browserLocale ?? null;
  if (wanted === customer.locale) return wanted;
  await setLocale(db, customer.id, wanted);
  return wanted;
}

/** The account's language (PATCH /api/account/locale, a checkout or sign-up naming one); null when the customer is gone. */
export async function setLocale(db: DbOrTx, customerId: string, locale: string | null): Promise<string | null> {
  const [row] = await db.update(customers).set({ locale, updatedAt: sql`now()` }).where(eq(customers.id, customerId)).returning({ locale: customers.locale });
  return row ? row.locale : null;
}

/** Keeps `timeZone` as the customer's unless they have one already (a checkout's zone never replaces the account's choice). */
async function recordFirstTimeZone(db: DbOrTx, customerId: string, timeZone: string): Promise<void> {
  await db
    .update(customers)
    .set({ timeZone })
    .where(and(eq(customers.id, customerId), isNull(customers.timeZone)));
}

/** The account's "Time zone": the customer's own choice, replacing any zone recorded before. */
export async function setTimeZone(db: DbOrTx, customerId: string, timeZone: string): Promise<CustomerRow | null> {
  const [row] = await db.update(customers).set({ timeZone, updatedAt: sql`now()` }).where(eq(customers.id, customerId)).returning();
  return row ?? null;
}
