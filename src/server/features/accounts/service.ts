import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderAccountSignsIn, orderSetupEmailSent } from '#contract/admin';
import type { AuditAction } from '#contract/admin-audit';
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
import type { Mail } from '#server/features/mail/index';
import { findAccountByEmail, findCustomer, findGuestByEmail, setTimeZone, toCustomerProfile, type CustomerRow } from './customers';
import { completeEmailProof } from './email-proof';
import { linkMail, type LinkMailKind } from '#server/features/mail/index';
import { assignOrderToAddress, type OrderAccountRequest } from './order-account';
import { lastAdminAction, recordAdminAction } from '#server/features/audit/index';
import type { AuditActor } from '#domain/actors';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { consumeToken, findUsableToken, hasUsableSetupLink, revokeTokens, setupTokenInsert, type LinkRecipient } from './setup-tokens';

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
}

const UNIQUE_VIOLATION = '23505';
function isUniqueViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

/**
 * Customer accounts: sign-up, sign-in, password links, and the customer's own orders.
 * Sessions themselves are HTTP matters (./session.ts); this service says who may sign in.
 */
/**
 * Re-homes the rows other features keep under a guest customer that joins an account
 * (decision 0005): the payments feature's saved cards, given by the wiring, as payments
 * reaches this feature through checkout.
 */
type MoveCustomerRows = (tx: DbOrTx, fromCustomerId: string, toCustomerId: string) => Promise<void>;
/** Signs a customer out everywhere: the session table belongs to http/sessions.ts, handed in by the wiring (decision 0081). */
type EndCustomerSessions = (tx: DbOrTx, customerId: string) => Promise<void>;

export function createAccounts({
  db,
  config,
  mail,
  moveSavedCards,
  endCustomerSessions,
}: {
  db: Db;
  config: Config;
  mail: Mail;
  moveSavedCards?: MoveCustomerRows;
  endCustomerSessions: EndCustomerSessions;
}) {
  const storeTimeZone = config.STORE_TIME_ZONE;
  /**
   * Emails a password link: its token and its email are written by one statement in `tx`
   * (docs/decisions/0028), so a crash leaves both or neither. With `onlyWithoutPassword`,
   * only while the customer has no password. `key` names the email when a repeat of the
   * same cause must not write it again (a repeat then makes a token no one ever learns);
   * by default each link is an email of its own.
   */
  async function mailLink(
    tx: DbOrTx,
    kind: LinkMailKind,
    customer: LinkRecipient,
    { orderId = null, key, onlyWithoutPassword = false }: { orderId?: string | null; key?: string; onlyWithoutPassword?: boolean } = {},
  ): Promise<void> {
    const purpose = kind === 'reset' ? 'reset' : 'setup';
    const { token, id, insert } = setupTokenInsert(tx, { customerId: customer.id, purpose, orderId, onlyWithoutPassword });
    const link = `${config.PUBLIC_URL.replace(/\/+$/, '')}/setup/${token}`;
    const message = linkMail(kind, { to: customer.email, firstName: customer.firstName, link, orderId });
    await mail.queue(tx, message, { key: key ?? `${kind}-link:${id}`, when: insert, secretLinks: true });
  }

  /**
   * Emails a password setup link to a customer (after an order, or by the admin); with
   * `onlyWithoutPassword`, only to one who has no password yet (a buyer's first order),
   * and then once per order however often the order's job runs.
   */
  async function sendSetupLink({
    customerId,
    orderId,
    onlyWithoutPassword = false,
  }: {
    customerId: string;
    orderId?: string | null;
    onlyWithoutPassword?: boolean;
  }): Promise<void> {
    const customer = await findCustomer(db, customerId);
    if (!customer) {
      if (onlyWithoutPassword) return;
      throw new Error(`no customer ${customerId} to send a setup link to`);
    }
    // A buyer who has a password already is due no link.
    if (onlyWithoutPassword && customer.password !== null) return;
    const key = onlyWithoutPassword && orderId ? `order-setup-link:${orderId}` : undefined;
    await mailLink(db, 'setup', customer, { orderId, key, onlyWithoutPassword });
  }

  return {
    sendSetupLink,

    /**
     * Creates an account that signs in at once. An address that already has an account is
     * refused. An address with guest orders gets an account of its own; the guest orders
     * join it only when the link emailed now proves the address (docs/decisions). That
     * email is written with the account and delivered by a job, so the answer tells no one
     * the address bought here (decision 0028).
     */
    async register(input: NewAccount, caller: Caller): Promise<CustomerProfile> {
      await enforceAttemptLimits(db, [{ key: `register:ip:${caller.ip}`, ...REGISTER_LIMIT }], tryLater);
      if (await findAccountByEmail(db, input.email)) throw accountExists();
      const passwordHash = await hashPassword(input.password);
      try {
        const account = await db.transaction(async (tx) => {
          const guest = await findGuestByEmail(tx, input.email, { lock: true });
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
            })
            .returning();
          if (guest) await mailLink(tx, 'claim', guest);
          return created!;
        });
        return toCustomerProfile(account, storeTimeZone);
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

    async checkSetupToken(token: string): Promise<SetupTokenCheck | null> {
      const found = await findUsableToken(db, token);
      return found && { valid: true, customer: { firstName: found.firstName, email: found.email }, purpose: found.purpose };
    },

    /**
     * Uses a setup or reset link: sets the password, marks the address proven, gives the
     * account the address's guest purchases, and signs the account out everywhere else.
     */
    async setPasswordWithToken(token: string, password: string): Promise<CustomerProfile> {
      // Checked before the costly hash; the conditional use below is what makes it single-use.
      if (!(await findUsableToken(db, token))) throw invalid(INVALID_SETUP_LINK);
      const passwordHash = await hashPassword(password);
      const account = await db.transaction(async (tx) => {
        const used = await consumeToken(tx, token);
        if (!used) throw invalid(INVALID_SETUP_LINK);
        const account = await completeEmailProof(tx, used.customerId, passwordHash, moveSavedCards);
        await revokeTokens(tx, account.id);
        await endCustomerSessions(tx, account.id);
        return account;
      });
      return toCustomerProfile(account, storeTimeZone);
    },

    /**
     * Sends a new setup link for an order, only to that order's address and only while its
     * customer has no password. The caller learns nothing: the answer never depends on
     * whether the order or address exist, and the limits count every request alike. The
     * email is written before the answer, which costs it one statement: its delivery, which
     * took the SMTP server's time, is a job's (docs/decisions/0028).
     */
    async resendSetupLink({ email, orderId }: { email: string; orderId: string }, caller: Caller): Promise<void> {
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
      if (!order?.customerId || order.customerEmail.trim().toLowerCase() !== email) return;
      const customer = await findCustomer(db, order.customerId);
      if (!customer || customer.password !== null || customer.email !== email) return;
      await mailLink(db, 'setup', customer, { orderId, onlyWithoutPassword: true });
    },

    /**
     * "Forgot password?": a reset link to an account, or a setup link to an address that
     * has only guest orders. Answers alike whatever the address: an account costs a lookup
     * and the email's one statement, an unknown address two lookups (docs/decisions/0028).
     */
    async requestPasswordHelp(email: string, caller: Caller): Promise<void> {
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
      if (account) await mailLink(db, 'reset', account);
      else if (guest) await mailLink(db, 'setup', guest);
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
          deviceCount: orders.deviceCount,
        })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .where(eq(orders.customerId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), deviceCount: Number(row.deviceCount) }));
    },

    /**
     * The administrator's create-customer: gives a paid order an account at the address
     * (./order-account.ts says whose it becomes) and emails the password setup link for it,
     * audited and written in the transaction that gives the order its customer. Run again
     * for the same order and address, it does nothing and says why (409): the account can
     * sign in, or the link it sent is still good.
     */
    async createAccountForOrder(request: OrderAccountRequest, actor: AuditActor): Promise<CustomerProfile> {
      const action = 'order.create_account';
      const target = { type: 'order', id: request.orderId };
      const owner = await db.transaction(async (tx) => {
        const { owner, previousCustomerId, previousEmail } = await assignOrderToAddress(tx, request);
        // Thrown inside the transaction, so the names and phone it wrote roll back too.
        if (previousCustomerId === owner.id) await refuseRepeat(tx, owner, { action, target });
        // Both addresses, so a confirmed move between them can be read back (docs/decisions 0037).
        await recordAdminAction(tx, {
          actor,
          action,
          target,
          before: { customerId: previousCustomerId, email: previousEmail },
          after: { customerId: owner.id, email: owner.email },
        });
        await mailLink(tx, 'setup', owner, { orderId: request.orderId });
        return owner;
      });
      return toCustomerProfile(owner, storeTimeZone);
    },
  };
}

/**
 * Refuses create-customer for an order already given this account, when its owner can
 * sign in or still holds the link an admin's create-customer sent (not one sent after the
 * purchase, nor one voided because its email failed).
 */
async function refuseRepeat(tx: DbOrTx, owner: CustomerRow, done: { action: AuditAction; target: { type: string; id: string } }): Promise<void> {
  if (owner.password !== null) throw conflict(orderAccountSignsIn(owner.email));
  const createdAt = await lastAdminAction(tx, { ...done, after: { customerId: owner.id } });
  if (createdAt && (await hasUsableSetupLink(tx, { customerId: owner.id, orderId: done.target.id, issuedSince: createdAt }))) {
    throw conflict(orderSetupEmailSent(owner.email));
  }
}

function accountExists() {
  return conflict('An account with this email already exists. Please sign in instead.');
}

export type Accounts = ReturnType<typeof createAccounts>;
