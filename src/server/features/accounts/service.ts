import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  INVALID_SETUP_LINK,
  type CustomerOrder,
  type CustomerProfile,
  type SetupTokenCheck,
} from '#contract/accounts';
import type { Config } from '#server/config';
import type { Db, DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import { packagesForReading as packages } from '#server/features/catalog/index';
import { ordersForReading as orders } from '#server/features/orders/index';
import { enforceAttemptLimits, enforceSignInLimits, guestMailLimit } from '#server/lib/attempt-limits';
import { conflict, invalid, unauthenticated } from '#domain/errors';
import { CASHBACK_CURRENCY } from '#domain/currencies';
import type { PrebuiltCause } from '#server/db/prebuilt';
import { findAccountByEmail, findCustomer, findGuestByEmail, setLocale, setTimeZone, toCustomerProfile } from './customers';
import { completeEmailProof } from './email-proof';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { localeOr } from '#server/lib/i18n/index';
import type { Locale } from '#domain/locales';
import { consumeToken, findUsableToken, revokeTokens, setupTokenInsert, type LinkRecipient } from './setup-tokens';

const MINUTE = 60_000;
const REGISTER_LIMIT = { max: 20, windowMs: 60 * MINUTE };
const LINK_LIMIT_PER_TARGET = { max: 5, windowMs: 60 * MINUTE };
const LINK_LIMIT_PER_IP = { max: 20, windowMs: 60 * MINUTE };

const tryLater = (minutes: number) => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Who is asking: the caller's address for the attempt limits, a logger for work done after the answer (the trial). */
export interface Caller {
  ip: string;
  log: FastifyBaseLogger;
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  password: string;
  /** The browser's zone, when it sent one the store knows (decision 0074). */
  timeZone?: string | null;
  /** The language the sign-up named, else the browser's (Accept-Language): the account's emails are written in it (decision 0107). */
  locale?: Locale | null;
  browserLocale?: Locale;
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/** The emails that carry a password link: after an order or by the admin, to join a guest's orders, a forgotten password. */
export type LinkKind = 'setup' | 'claim' | 'reset';

/**
 * A password link to email, not yet written: what the email says, and how the outbox writes
 * it, with the link's token inserted by the email's own statement (decision 0028). The
 * workflow that carries the change queues it in the change's transaction (decision 0084:
 * features never send mail).
 */
export interface IssuedLink {
  kind: LinkKind;
  email: { to: string; firstName: string; link: string; orderId: string | null; locale: Locale };
  options: { key: string; when: PrebuiltCause; secretLinks: true };
}

/** A proven address (a password link used): the account, and the guest row whose purchases it takes, when there was one. */
export interface ProvenAddress {
  profile: CustomerProfile;
  accountId: string;
  /** The guest row of the address: the caller moves its rows to the account, then removes it (removeGuest). */
  guestId: string | null;
}

/**
 * Customer accounts: sign-up, sign-in, password links, and the customer's own orders.
 * Sessions themselves are HTTP matters (./session.ts); this service says who may sign in.
 * A change that emails a link returns the link (IssuedLink), which the account-links
 * workflow writes to the outbox.
 */
export function createAccounts({ db, config }: { db: Db; config: Config }) {
  const storeTimeZone = config.STORE_TIME_ZONE;
  /**
   * A password link for `customer`, whose token the email's statement inserts in `tx`
   * (docs/decisions/0028), so a crash leaves both or neither. With `onlyWithoutPassword`,
   * only while the customer has no password. `key` names the email when a repeat of the
   * same cause must not write it again (a repeat then makes a token no one ever learns);
   * by default each link is an email of its own.
   */
  function issueLink(
    tx: DbOrTx,
    kind: LinkKind,
    customer: LinkRecipient,
    { orderId = null, key, onlyWithoutPassword = false }: { orderId?: string | null; key?: string; onlyWithoutPassword?: boolean } = {},
  ): IssuedLink {
    const purpose = kind === 'reset' ? 'reset' : 'setup';
    const { token, id, insert } = setupTokenInsert(tx, { customerId: customer.id, purpose, orderId, onlyWithoutPassword });
    const link = `${config.PUBLIC_URL.replace(/\/+$/, '')}/setup/${token}`;
    const locale = localeOr(customer.locale);
    return { kind, email: { to: customer.email, firstName: customer.firstName, link, orderId, locale }, options: { key: key ?? `${kind}-link:${id}`, when: insert, secretLinks: true } };
  }

  /**
   * The password setup link due to a customer (after an order, or by the admin); with
   * `onlyWithoutPassword`, only to one who has no password yet (a buyer's first order),
   * and then once per order however often the order's job runs.
   */
  async function setupLinkDue({
    customerId,
    orderId,
    onlyWithoutPassword = false,
  }: {
    customerId: string;
    orderId?: string | null;
    onlyWithoutPassword?: boolean;
  }): Promise<IssuedLink | null> {
    const customer = await findCustomer(db, customerId);
    if (!customer) {
      if (onlyWithoutPassword) return null;
      throw new Error(`no customer ${customerId} to send a setup link to`);
    }
    // A buyer who has a password already is due no link.
    if (onlyWithoutPassword && customer.password !== null) return null;
    const key = onlyWithoutPassword && orderId ? `order-setup-link:${orderId}` : undefined;
    return issueLink(db, 'setup', customer, { orderId, key, onlyWithoutPassword });
  }

  return {
    issueLink,
    setupLinkDue,

    /**
     * A sign-up's checks before its transaction, and the hash of its password: the caller's
     * limit, and an address that already has an account refused (409).
     */
    async passwordForSignUp(input: NewAccount, caller: Caller): Promise<string> {
      await enforceAttemptLimits(db, [{ key: `register:ip:${caller.ip}`, ...REGISTER_LIMIT }], tryLater);
      if (await findAccountByEmail(db, input.email)) throw accountExists();
      return hashPassword(input.password);
    },

    /**
     * Creates, in the sign-up's transaction, an account that signs in at once. An address with
     * guest orders gets an account of its own; the guest orders join it only when the claim
     * link proves the address. That email is written with the account and delivered by a job,
     * so the answer tells no one the address bought here (decision 0028): the account-links
     * workflow queues `claim` in this transaction (decision 0088). An account made meanwhile
     * for the address is refused (409).
     */
    async createAccount(tx: DbOrTx, input: NewAccount, passwordHash: string): Promise<{ profile: CustomerProfile; claim: IssuedLink | null }> {
      const guest = await findGuestByEmail(tx, input.email, { lock: true });
      try {
        const [created] = await tx
          .insert(customers)
          .values({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            phone: input.phone,
            password: passwordHash,
            hasAccount: true,
            timeZone: input.timeZone ?? null,
            locale: input.locale ?? guest?.locale ?? input.browserLocale ?? null,
          })
          .returning();
        const claim = guest ? issueLink(tx, 'claim', { ...guest, locale: created!.locale }) : null;
        return { profile: toCustomerProfile(created!, storeTimeZone), claim };
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },

    /** The customer a password signs in, with the same refusal whatever was wrong. */
    async login({ email, password }: { email: string; password: string }, caller: Caller): Promise<CustomerProfile> {
      const succeeded = await enforceSignInLimits(db, 'login', `email:${email}`, caller.ip);
      const account = await findAccountByEmail(db, email);
      if (!(await verifyPassword(account?.password ?? null, password)) || !account) {
        throw unauthenticated('Invalid email or password');
      }
      await succeeded();
      return toCustomerProfile(account, storeTimeZone);
    },

    async profile(customerId: string): Promise<CustomerProfile | null> {
      const customer = await findCustomer(db, customerId);
      return customer ? toCustomerProfile(customer, storeTimeZone) : null;
    },

    /** The account's "Time zone" (decision 0074): the customer's choice, which a later checkout never replaces. */
    async setTimeZone(customerId: string, timeZone: string): Promise<CustomerProfile | null> {
      const customer = await setTimeZone(db, customerId, timeZone);
      return customer ? toCustomerProfile(customer, storeTimeZone) : null;
    },

    /** The account's language (decision 0107): the customer's choice, which their emails are written in; null when the customer is gone. */
    async setLocale(customerId: string, locale: Locale): Promise<Locale | null> {
      return (await findCustomer(db, customerId)) ? localeOr(await setLocale(db, customerId, locale)) : null;
    },

    async checkSetupToken(token: string): Promise<SetupTokenCheck | null> {
      const found = await findUsableToken(db, token);
      return found && { valid: true, customer: { firstName: found.firstName, email: found.email }, purpose: found.purpose };
    },

    /** The hash of the password a setup or reset link is to set, or a 400 when the link is not usable. */
    async passwordForLink(token: string, password: string): Promise<string> {
      // Checked before the costly hash; the conditional use in proveAddress is what makes it single-use.
      if (!(await findUsableToken(db, token))) throw invalid(INVALID_SETUP_LINK);
      return hashPassword(password);
    },

    /**
     * Uses a setup or reset link in `tx`: sets the password, marks the address proven and
     * revokes the account's other links. The caller moves the guest row's purchases to the
     * account, removes the guest row and signs the account out everywhere else.
     */
    async proveAddress(tx: DbOrTx, token: string, passwordHash: string): Promise<ProvenAddress> {
      const used = await consumeToken(tx, token);
      if (!used) throw invalid(INVALID_SETUP_LINK);
      const { account, guestId } = await completeEmailProof(tx, used.customerId, passwordHash);
      await revokeTokens(tx, account.id);
      return { profile: toCustomerProfile(account, storeTimeZone), accountId: account.id, guestId };
    },

    /**
     * A new setup link for an order, only to that order's address and only while its
     * customer has no password. The caller learns nothing: the answer never depends on
     * whether the order or address exist, and the limits count every request alike. The
     * email is written before the answer, which costs it one statement: its delivery, which
     * took the SMTP server's time, is a job's (docs/decisions/0028).
     */
    async resendSetupLink({ email, orderId }: { email: string; orderId: string }, caller: Caller): Promise<IssuedLink | null> {
      await enforceAttemptLimits(
        db,
        [
          { key: `resend:ip:${caller.ip}`, ...LINK_LIMIT_PER_IP },
          { key: `resend:order:${orderId.toUpperCase()}`, ...LINK_LIMIT_PER_TARGET },
          guestMailLimit(email),
        ],
        tryLater,
      );
      const [order] = await db
        .select({ customerId: orders.customerId, customerEmail: orders.customerEmail })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!order?.customerId || order.customerEmail.trim().toLowerCase() !== email) return null;
      const customer = await findCustomer(db, order.customerId);
      if (!customer || customer.password !== null || customer.email !== email) return null;
      return issueLink(db, 'setup', customer, { orderId, onlyWithoutPassword: true });
    },

    /**
     * "Forgot password?": a reset link to an account, or a setup link to an address that
     * has only guest orders. Answers alike whatever the address: an account costs a lookup
     * and the email's one statement, an unknown address two lookups (docs/decisions/0028).
     */
    async requestPasswordHelp(email: string, caller: Caller): Promise<IssuedLink | null> {
      await enforceAttemptLimits(
        db,
        [
          { key: `forgot:ip:${caller.ip}`, ...LINK_LIMIT_PER_IP },
          guestMailLimit(email),
        ],
        tryLater,
      );
      const account = await findAccountByEmail(db, email);
      const guest = account ? null : await findGuestByEmail(db, email);
      if (account) return issueLink(db, 'reset', account);
      return guest ? issueLink(db, 'setup', guest) : null;
    },

    /** The customer's orders, newest first. */
    async customerOrders(customerId: string): Promise<CustomerOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          giftCardReceived: orders.giftCardDelivered,
          // The buyer's own card: only their own orders are read here.
          giftCardCode: orders.giftCardCode,
          paymentStatus: orders.paymentStatus,
          selectedGiftCard: orders.selectedGiftCard,
          cashbackAmount: orders.cashbackAmount,
          createdAt: orders.createdAt,
          packageName: packages.name,
          totalAmount: orders.totalAmount,
          currency: orders.currency,
          deviceCount: orders.deviceCount,
        })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map((row) => ({ ...row, cashbackCurrency: CASHBACK_CURRENCY, createdAt: row.createdAt.toISOString(), deviceCount: Number(row.deviceCount) }));
    },
  };
}

function accountExists() {
  return conflict('An account with this email already exists. Please sign in instead.');
}

export type Accounts = ReturnType<typeof createAccounts>;
