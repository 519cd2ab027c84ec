import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderAccountSignsIn, orderSetupEmailSent } from '#contract/admin';
import {
  INVALID_SETUP_LINK,
  type CustomerOrder,
  type CustomerProfile,
  type SetupTokenCheck,
} from '#contract/accounts';
import type { Config } from '#server/config';
import type { Db, DbOrTx } from '#server/db/connect';
import { customers } from './schema';
import { packages } from '../catalog/schema';
import { orders } from '../orders/schema';
import { enforceAttemptLimits, enforceSignInLimits, guestMailLimit } from '#server/http/attempt-limits';
import { badRequest, conflict, HttpError, unauthorized } from '#server/http/errors';
import type { MailProvider } from '#server/providers/mail/mail-provider';
import { findAccountByEmail, findCustomer, findGuestByEmail, toCustomerProfile, type CustomerRow } from './customers';
import { completeEmailProof } from './email-proof';
import { linkMail, type LinkMailKind } from './link-mail';
import { assignOrderToAddress, type OrderAccountRequest } from './order-account';
import { lastAdminAction, recordAdminAction, type AuditActor } from '../audit/service';
import { hashPassword, verifyPassword } from '#server/lib/passwords';
import { endCustomerSessions } from '#server/http/sessions';
import {
  consumeToken,
  findUsableToken,
  hasUsableSetupLink,
  issueSetupToken,
  issueSetupTokenFor,
  revokeTokens,
  type LinkRecipient,
} from './setup-tokens';

const MINUTE = 60_000;
const REGISTER_LIMIT = { max: 20, windowMs: 60 * MINUTE };
const LINK_LIMIT_PER_TARGET = { max: 5, windowMs: 60 * MINUTE };
const LINK_LIMIT_PER_IP = { max: 20, windowMs: 60 * MINUTE };

const tryLater = (minutes: number) => `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

/** Who is asking: the caller's address for the attempt limits, a logger for work done after the answer. */
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
export function createAccounts({ db, config, mail }: { db: Db; config: Config; mail: MailProvider }) {
  // Emails sent after answering, so that how long an answer takes tells nothing; awaited at shutdown.
  const pending = new Set<Promise<void>>();
  function inBackground(log: FastifyBaseLogger, task: () => Promise<void>): void {
    const running = task()
      .catch((error: unknown) => log.error({ err: error }, 'sending a password link failed'))
      .finally(() => pending.delete(running));
    pending.add(running);
  }

  async function mailLink(kind: LinkMailKind, token: string, customer: LinkRecipient, orderId?: string | null) {
    const link = `${config.PUBLIC_URL.replace(/\/+$/, '')}/setup/${token}`;
    await mail.send(linkMail(kind, { to: customer.email, firstName: customer.firstName, link, orderId }));
  }

  async function sendLink(kind: LinkMailKind, customer: LinkRecipient, orderId?: string | null) {
    const token = await issueSetupToken(db, { customerId: customer.id, purpose: kind === 'reset' ? 'reset' : 'setup', orderId });
    await mailLink(kind, token, customer, orderId);
  }

  /**
   * Emails a password setup link to a customer (after an order, or by the admin); with
   * `onlyWithoutPassword`, only to one who has no password yet (a buyer's first order).
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
    const issued = await issueSetupTokenFor(db, { customerId, orderId, onlyWithoutPassword });
    if (issued) return mailLink('setup', issued.token, issued.recipient, orderId);
    // Nothing issued: the buyer has a password already (no link is due), or there is no such customer.
    if (!onlyWithoutPassword) throw new Error(`no customer ${customerId} to send a setup link to`);
  }

  /** Emails a reset link when the address has an account; does nothing otherwise. */
  async function sendPasswordResetLink(email: string): Promise<void> {
    const account = await findAccountByEmail(db, email.trim().toLowerCase());
    if (account) await sendLink('reset', account);
  }

  return {
    sendSetupLink,
    sendPasswordResetLink,

    /**
     * Creates an account that signs in at once. An address that already has an account is
     * refused. An address with guest orders gets an account of its own; the guest orders
     * join it only when the link emailed now proves the address (docs/decisions). That
     * email goes out after the answer, so the answer tells no one the address bought here.
     */
    async register(input: NewAccount, caller: Caller): Promise<CustomerProfile> {
      await enforceAttemptLimits(db, [{ key: `register:ip:${caller.ip}`, ...REGISTER_LIMIT }], tryLater);
      if (await findAccountByEmail(db, input.email)) throw accountExists();
      const passwordHash = await hashPassword(input.password);
      try {
        const { account, guest } = await db.transaction(async (tx) => {
          const guest = await findGuestByEmail(tx, input.email, { lock: true });
          const [account] = await tx
            .insert(customers)
            .values({
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              phone: input.phone,
              password: passwordHash,
              hasAccount: true,
            })
            .returning();
          return { account: account!, guest };
        });
        if (guest) inBackground(caller.log, () => sendLink('claim', guest));
        return toCustomerProfile(account);
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
        throw unauthorized('Invalid email or password');
      }
      await succeeded();
      return toCustomerProfile(account);
    },

    async profile(customerId: string): Promise<CustomerProfile | null> {
      const customer = await findCustomer(db, customerId);
      return customer ? toCustomerProfile(customer) : null;
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
      if (!(await findUsableToken(db, token))) throw badRequest(INVALID_SETUP_LINK);
      const passwordHash = await hashPassword(password);
      const account = await db.transaction(async (tx) => {
        const used = await consumeToken(tx, token);
        if (!used) throw badRequest(INVALID_SETUP_LINK);
        const account = await completeEmailProof(tx, used.customerId, passwordHash);
        await revokeTokens(tx, account.id);
        await endCustomerSessions(tx, account.id);
        return account;
      });
      return toCustomerProfile(account);
    },

    /**
     * Sends a new setup link for an order, only to that order's address and only while its
     * customer has no password. The caller learns nothing: the answer never depends on
     * whether the order or address exist, and the limits count every request alike.
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
      inBackground(caller.log, async () => {
        const [order] = await db
          .select({ customerId: orders.customerId, customerEmail: orders.customerEmail })
          .from(orders)
          .where(eq(orders.id, orderId))
          .limit(1);
        if (!order?.customerId || order.customerEmail.trim().toLowerCase() !== email) return;
        const customer = await findCustomer(db, order.customerId);
        if (!customer || customer.password !== null || customer.email !== email) return;
        await sendLink('setup', customer, orderId);
      });
    },

    /**
     * "Forgot password?": a reset link to an account, or a setup link to an address that
     * has only guest orders. Answers alike whatever the address.
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
      inBackground(caller.log, async () => {
        const account = await findAccountByEmail(db, email);
        if (account) return sendLink('reset', account);
        const guest = await findGuestByEmail(db, email);
        if (guest) await sendLink('setup', guest);
      });
    },

    /** The customer's orders, newest first. */
    async customerOrders(customerId: string): Promise<CustomerOrder[]> {
      const rows = await db
        .select({
          id: orders.id,
          giftCardReceived: orders.giftCardDelivered,
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
     * and emails the password setup link for it (./order-account.ts says whose it becomes),
     * audited in the transaction that gives the order its customer and issues the link.
     * Run again for the same order and address, it does nothing and says why (409): the
     * account can sign in, or the link it sent is still good. A link whose email could
     * not be sent is voided, so the admin's retry sends one.
     */
    async createAccountForOrder(request: OrderAccountRequest, actor: AuditActor): Promise<CustomerProfile> {
      const action = 'order.create_account';
      const target = { type: 'order', id: request.orderId };
      const { owner, token } = await db.transaction(async (tx) => {
        const { owner, previousCustomerId } = await assignOrderToAddress(tx, request);
        // Thrown inside the transaction, so the names and phone it wrote roll back too.
        if (previousCustomerId === owner.id) await refuseRepeat(tx, owner, { action, target });
        await recordAdminAction(tx, { actor, action, target, before: { customerId: previousCustomerId }, after: { customerId: owner.id, email: owner.email } });
        const token = await issueSetupToken(tx, { customerId: owner.id, purpose: 'setup', orderId: request.orderId });
        return { owner, token };
      });
      try {
        await mailLink('setup', token, owner, request.orderId);
      } catch (error) {
        await consumeToken(db, token);
        // The cause goes to the log with the 502 (http/errors.ts); the admin may simply retry.
        const message = 'The account was created, but the password setup email could not be sent. Please try again.';
        throw Object.assign(new HttpError(502, message), { cause: error });
      }
      return toCustomerProfile(owner);
    },

    /** Waits for emails still being sent (graceful shutdown). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/**
 * Refuses create-customer for an order already given this account, when its owner can
 * sign in or still holds the link an admin's create-customer sent (not one sent after the
 * purchase, nor one voided because its email failed).
 */
async function refuseRepeat(tx: DbOrTx, owner: CustomerRow, done: { action: string; target: { type: string; id: string } }): Promise<void> {
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

// For the checkout: which customer a new order belongs to.
export { findCustomer, resolveOrderCustomer } from './customers';
