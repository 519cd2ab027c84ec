import type { CustomerProfile } from '#contract/accounts';
import type { Db, DbOrTx } from '#server/db/connect';
import type { Accounts, Caller, IssuedLink, NewAccount } from '#server/features/accounts/index';
import { removeGuest } from '#server/features/accounts/index';
import { carryReminderChoice, linkMail, type Mail } from '#server/features/mail/index';
import { moveCustomerOrders, moveCustomerShipments } from '#server/features/orders/index';
import { moveCustomerSubscriptions } from '#server/features/subscriptions/index';
import type { BlocklistWorkflow } from './blocklist';

/** Moves one feature's rows from a guest row to the account of the same address, in the proof's transaction. */
type MoveCustomerRows = (tx: DbOrTx, fromCustomerId: string, toCustomerId: string) => Promise<void>;

export interface AccountLinksDeps {
  db: Db;
  accounts: Pick<Accounts, 'passwordForSignUp' | 'createAccount' | 'setupLinkDue' | 'resendSetupLink' | 'requestPasswordHelp' | 'passwordForLink' | 'proveAddress'>;
  mail: Pick<Mail, 'queue'>;
  /** The payments feature's saved cards, which refer to the guest row (decision 0005). */
  moveSavedCards: MoveCustomerRows;
  /** Signs a customer out everywhere: the session table belongs to http/sessions.ts (decision 0081). */
  endCustomerSessions: (tx: DbOrTx, customerId: string) => Promise<void>;
  /** A blocked email or address is not registered (decision 0099). */
  blocklist: Pick<BlocklistWorkflow, 'refuseBlocked'>;
}

/**
 * The accounts' changes that email a password link, and the proof of an address by one
 * (decision 0084): the accounts feature decides who is due which link and issues its token;
 * this writes the email in the change's transaction (decision 0028), and, when a link proves
 * an address that also has guest purchases, moves them to the account through each table's
 * owner.
 */
export function createAccountLinks({ db, accounts, mail, moveSavedCards, endCustomerSessions, blocklist }: AccountLinksDeps) {
  const queue = async (tx: DbOrTx, link: IssuedLink | null): Promise<void> => {
    if (link) await mail.queue(tx, linkMail(link.kind, link.email), link.options);
  };

  /**
   * Re-homes a guest row's saved cards, orders, subscriptions and shipments, and its choice of
   * reminders, then removes the emptied row. Ownership of an address is the accounts
   * capability's rule; each row moves through its table's owner.
   */
  async function moveGuestPurchases(tx: DbOrTx, guestId: string, accountId: string): Promise<void> {
    // Before the guest row goes: its saved cards refer to it.
    await moveSavedCards(tx, guestId, accountId);
    await moveCustomerOrders(tx, guestId, accountId);
    await moveCustomerSubscriptions(tx, guestId, accountId);
    await moveCustomerShipments(tx, guestId, accountId);
    // An unsubscribe made from a reminder sent to the guest row holds for the account too (decision 0040).
    await carryReminderChoice(tx, guestId, accountId);
    await removeGuest(tx, guestId);
  }

  return {
    /** POST /api/register: the account, and for an address with guest orders the link that proves it, in one transaction. */
    async register(input: NewAccount, caller: Caller): Promise<CustomerProfile> {
      await blocklist.refuseBlocked({ email: input.email, ip: caller.ip }, 'registration', caller.log);
      const passwordHash = await accounts.passwordForSignUp(input, caller);
      return db.transaction(async (tx) => {
        const { profile, claim } = await accounts.createAccount(tx, input, passwordHash);
        await queue(tx, claim);
        return profile;
      });
    },

    /** After a paid order (the paid-order workflow), or by the admin: the setup link due, if any. */
    async sendSetupLink(due: { customerId: string; orderId?: string | null; onlyWithoutPassword?: boolean }): Promise<void> {
      await queue(db, await accounts.setupLinkDue(due));
    },

    /** POST /api/resend-setup-link. */
    async resendSetupLink(request: { email: string; orderId: string }, caller: Caller): Promise<void> {
      await queue(db, await accounts.resendSetupLink(request, caller));
    },

    /** POST /api/forgot-password. */
    async requestPasswordHelp(email: string, caller: Caller): Promise<void> {
      await queue(db, await accounts.requestPasswordHelp(email, caller));
    },

    /**
     * POST /api/setup-password: uses a setup or reset link. Sets the password, marks the
     * address proven, gives the account the address's guest purchases, and signs the account
     * out everywhere else, in one transaction.
     */
    async setPasswordWithToken(token: string, password: string): Promise<CustomerProfile> {
      const passwordHash = await accounts.passwordForLink(token, password);
      return db.transaction(async (tx) => {
        const proven = await accounts.proveAddress(tx, token, passwordHash);
        if (proven.guestId) await moveGuestPurchases(tx, proven.guestId, proven.accountId);
        await endCustomerSessions(tx, proven.accountId);
        return proven.profile;
      });
    },
  };
}

export type AccountLinks = ReturnType<typeof createAccountLinks>;
