import type { AdminShipment, ShipmentChanges } from '#contract/admin-shipments';
import type { AuditActor } from '#domain/actors';
import type { Db, DbOrTx } from '#server/db/connect';
import { recordAdminAction } from '#server/features/audit/index';
import { boxShippedMail, type Mail } from '#server/features/mail/index';
import { markShipmentDelivered, shippedBox, updateShipment } from '#server/features/orders/index';

export interface ShipmentsDeps {
  db: Db;
  mail: Pick<Mail, 'queue'>;
  /** The zone a customer's dates are written in (decision 0074). */
  zoneOf: (tx: DbOrTx, customerId: string | null) => Promise<string>;
}

/**
 * A streaming box's shipment as the admin moves it (decision 0084): the orders feature
 * writes the shipment, this flow writes the admin's audit row and, when the box became
 * 'shipped', the buyer's email, both in the change's transaction (docs/decisions/0028).
 */
export function createShipmentsWorkflow({ db, mail, zoneOf }: ShipmentsDeps) {
  return {
    /** PATCH /api/admin/shipments/:orderId; the email once per tracking number, so a repeated change writes none. */
    async updateShipment(orderId: string, changes: ShipmentChanges, actor: AuditActor): Promise<AdminShipment> {
      return db.transaction(async (tx) => {
        const { shipment, shippedNow, changed } = await updateShipment(tx, orderId, changes);
        if (changed) await recordAdminAction(tx, { actor, action: 'shipment.update', target: { type: 'order', id: orderId }, ...changed });
        const box = shippedNow ? await shippedBox(tx, orderId) : null;
        if (box) await mail.queue(tx, boxShippedMail(box, await zoneOf(tx, box.customerId)), { key: `shipment-shipped:${orderId}:${shipment.trackingNumber}` });
        return shipment;
      });
    },

    /** Records that an order's streaming box arrived; false when the order has no shipment or it was already delivered. */
    markShipmentDelivered: (orderId: string): Promise<boolean> => markShipmentDelivered(db, orderId),
  };
}
