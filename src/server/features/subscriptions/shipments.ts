import { eq } from 'drizzle-orm';
import { SHIPMENT_NOT_FOUND, TRACKING_NUMBER_NEEDED, type AdminShipment, type ShipmentChanges } from '#contract/admin-shipments';
import type { Db } from '#server/db/connect';
import { orders, shipments } from '#server/db/schema';
import { badRequest, notFound } from '#server/http/errors';
import type { MailMessage } from '#server/providers/mail/index';
import { recordAdminAction, type AuditActor } from '../audit/service';

type ShipmentRow = typeof shipments.$inferSelect;

function toAdminShipment(row: ShipmentRow): AdminShipment {
  return {
    orderId: row.orderId,
    status: row.status as AdminShipment['status'],
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    estimatedDelivery: row.estimatedDelivery?.toISOString() ?? null,
    actualDelivery: row.actualDelivery?.toISOString() ?? null,
  };
}

const auditable = (fields: Partial<ShipmentRow>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

export interface ShipmentUpdate {
  shipment: AdminShipment;
  /** This change moved the box to 'shipped': the buyer is told its tracking number. */
  shippedNow: boolean;
}

/**
 * An admin's change to a streaming box's shipment, audited in the same transaction.
 * 'delivered' records when it arrived, which lets the buyer activate the box.
 */
export async function updateShipment(db: Db, orderId: string, changes: ShipmentChanges, actor: AuditActor): Promise<ShipmentUpdate> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
    if (!current) throw notFound(SHIPMENT_NOT_FOUND);
    const next: Partial<ShipmentRow> = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const status = next.status ?? current.status;
    const trackingNumber = next.trackingNumber === undefined ? current.trackingNumber : next.trackingNumber;
    if (status !== 'processing' && !trackingNumber) throw badRequest(TRACKING_NUMBER_NEEDED);
    if (status === 'delivered' && current.status !== 'delivered') next.actualDelivery = new Date();
    if (status !== 'delivered' && current.actualDelivery) next.actualDelivery = null;
    const changed = Object.fromEntries(
      Object.entries(next).filter(([key, value]) => JSON.stringify(auditable({ [key]: value })) !== JSON.stringify(auditable({ [key]: current[key as keyof ShipmentRow] }))),
    ) as Partial<ShipmentRow>;
    if (Object.keys(changed).length === 0) return { shipment: toAdminShipment(current), shippedNow: false };
    const [updated] = await tx.update(shipments).set({ ...changed, updatedAt: new Date() }).where(eq(shipments.id, current.id)).returning();
    const before = Object.fromEntries(Object.keys(changed).map((key) => [key, current[key as keyof ShipmentRow]]));
    await recordAdminAction(tx, { actor, action: 'shipment.update', target: { type: 'order', id: orderId }, before: auditable(before), after: auditable(changed) });
    return { shipment: toAdminShipment(updated!), shippedNow: updated!.status === 'shipped' && current.status !== 'shipped' };
  });
}

/** The 'your box has shipped' email, with the carrier and tracking number the admin entered; null without a shipped box. */
export async function shippedMail(db: Db, orderId: string): Promise<MailMessage | null> {
  const [row] = await db
    .select({ shipment: shipments, email: orders.customerEmail, name: orders.customerName })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.orderId, orderId));
  if (!row || row.shipment.status !== 'shipped' || !row.shipment.trackingNumber) return null;
  const { carrier, trackingNumber, estimatedDelivery } = row.shipment;
  const text = [
    `Hello ${row.name},`,
    '',
    `Your StreamPlus streaming box (order ${orderId}) is on its way.`,
    `Carrier: ${carrier}`,
    `Tracking number: ${trackingNumber}`,
    ...(estimatedDelivery ? [`Estimated delivery: ${estimatedDelivery.toISOString().slice(0, 10)}`] : []),
    '',
    'Once it arrives, activate it from your account to start its subscription.',
    '',
    'StreamPlus',
  ].join('\n');
  return { to: row.email, subject: `Your streaming box has shipped - ${orderId}`, text };
}
