import { eq } from 'drizzle-orm';
import { ORDER_NOT_FOUND, ORDER_NOT_PAID, orderAccountSignsIn, orderOwnedElsewhere, orderSetupEmailSent } from '#contract/admin';
import type { AuditActor } from '#domain/actors';
import { conflict, notFound } from '#domain/errors';
import { maskEmail } from '#domain/mailbox';
import type { Db } from '#server/db/connect';
import { findCustomer, hasUsableSetupLink, ownerOfAddress, type Accounts, type OrderAccountDetails } from '#server/features/accounts/index';
import { lastAdminAction, recordAdminAction } from '#server/features/audit/index';
import { linkMail, type Mail } from '#server/features/mail/index';
import { assignOrderCustomer, moveOrderShipment, ordersForReading as orders } from '#server/features/orders/index';
import { moveOrderSubscription } from '#server/features/subscriptions/index';

export interface OrderAccountRequest extends OrderAccountDetails {
  orderId: string;
  confirmMove?: boolean | undefined;
}

const ACTION = 'order.create_account';

/**
 * The administrator gives a paid order an account (spec: create-customer), a flow across the
 * orders, accounts, subscriptions, mail and audit features (decision 0084). The order, its
 * subscription and its shipment go to the address's owner (accounts' ownerOfAddress says
 * who); the password setup link is emailed, audited and written in the transaction that
 * gives the order its customer. An order that belongs to another address moves only when
 * the request confirms it; without that it is refused before anything is written, naming
 * the owner masked (docs/decisions 0037). Run again for the same order and address, it does
 * nothing and says why (409): the account can sign in, or the link it sent is still good.
 */
export function createOrderAccountWorkflow({ db, accounts, mail }: { db: Db; accounts: Pick<Accounts, 'issueLink'>; mail: Pick<Mail, 'queue'> }) {
  return {
    async createAccountForOrder(request: OrderAccountRequest, actor: AuditActor): Promise<{ id: string; email: string; firstName: string }> {
      const target = { type: 'order', id: request.orderId };
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, customerId: orders.customerId, paymentStatus: orders.paymentStatus })
          .from(orders)
          .where(eq(orders.id, request.orderId))
          .for('update')
          .limit(1);
        if (!order) throw notFound(ORDER_NOT_FOUND);
        if (order.paymentStatus !== 'completed') throw conflict(ORDER_NOT_PAID);
        const previousEmail = order.customerId ? ((await findCustomer(tx, order.customerId))?.email ?? null) : null;
        // Addresses are stored lower case (contract's emailField), so equal spellings compare equal.
        if (previousEmail !== null && previousEmail !== request.email && request.confirmMove !== true) {
          const currentOwner = maskEmail(previousEmail);
          throw conflict(orderOwnedElsewhere(currentOwner, request.email), { currentOwner });
        }

        const owner = await ownerOfAddress(tx, request);
        if (order.customerId !== owner.id) {
          await assignOrderCustomer(tx, order.id, owner.id);
          await moveOrderSubscription(tx, order.id, owner.id);
          await moveOrderShipment(tx, order.id, owner.id);
        } else {
          // Thrown inside the transaction, so the names and phone it wrote roll back too.
          // Refused when its owner can sign in, or still holds the link an admin's create-customer
          // sent (not one sent after the purchase, nor one voided because its email failed).
          if (owner.password !== null) throw conflict(orderAccountSignsIn(owner.email));
          const createdAt = await lastAdminAction(tx, { action: ACTION, target, after: { customerId: owner.id } });
          if (createdAt && (await hasUsableSetupLink(tx, { customerId: owner.id, orderId: order.id, issuedSince: createdAt }))) {
            throw conflict(orderSetupEmailSent(owner.email));
          }
        }
        // Both addresses, so a confirmed move between them can be read back (docs/decisions 0037).
        await recordAdminAction(tx, {
          actor,
          action: ACTION,
          target,
          before: { customerId: order.customerId, email: previousEmail },
          after: { customerId: owner.id, email: owner.email },
        });
        const link = accounts.issueLink(tx, 'setup', owner, { orderId: request.orderId });
        await mail.queue(tx, linkMail(link.kind, link.email), link.options);
        return owner;
      });
    },
  };
}
