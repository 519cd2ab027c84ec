import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { SHIPMENT_NOT_FOUND, TRACKING_NUMBER_NEEDED, type AdminShipment, type ShipmentChanges } from '#contract/admin-shipments';
import type { DbOrTx } from '#server/db/connect';
import { orders, shipments } from './schema';
import { invalid, notFound } from '#domain/errors';

/**
 * Every write to `shipments` is here, in functions that take the caller's transaction:
 * a streaming box's shipment belongs to its order, so features/orders owns the table
 * (ARCHITECTURE, ownership), and provisioning, the admin and the accounts all go through it.
 */

type ShipmentRow = typeof shipments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** A paid streaming box order's shipment, to the order's address; once per order. */
export async function createShipment(tx: DbOrTx, order: OrderRow & { customerId: string }, subscriptionId: string): Promise<void> {
  if (!order.shippingAddress || !order.shippingCity || !order.shippingState || !order.shippingZip) {
    throw new Error(`Streaming box order ${order.id} has no complete shipping address`);
  }
  await tx
    .insert(shipments)
    .values({
      orderId: order.id,
      customerId: order.customerId,
      subscriptionId,
      shippingAddress: order.shippingAddress,
      city: order.shippingCity,
      state: order.shippingState,
      zipCode: order.shippingZip,
      country: order.shippingCountry,
    })
    .onConflictDoNothing();
}

/** The shipments of these subscriptions' boxes (the account page's, read beside its subscriptions). */
export async function shipmentsOfSubscriptions(db: DbOrTx, subscriptionIds: string[]): Promise<ShipmentRow[]> {
  return db.select().from(shipments).where(inArray(shipments.subscriptionId, subscriptionIds));
}

/** Records that an order's streaming box arrived; false when the order has no shipment or it was already delivered. */
export async function markShipmentDelivered(tx: DbOrTx, orderId: string): Promise<boolean> {
  const now = new Date();
  const updated = await tx
    .update(shipments)
    .set({ status: 'delivered', actualDelivery: now, updatedAt: now })
    .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'delivered')))
    .returning({ id: shipments.id });
  return updated.length === 1;
}

/** The order's shipment goes with the order to another customer (accounts' rules say whose). */
export async function moveOrderShipment(tx: DbOrTx, orderId: string, customerId: string): Promise<void> {
  await tx.update(shipments).set({ customerId, updatedAt: sql`now()` }).where(eq(shipments.orderId, orderId));
}

/** Every shipment of one customer row goes to another (a guest's purchases joining the account). */
export async function moveCustomerShipments(tx: DbOrTx, fromCustomerId: string, toCustomerId: string): Promise<void> {
  await tx.update(shipments).set({ customerId: toCustomerId, updatedAt: sql`now()` }).where(eq(shipments.customerId, fromCustomerId));
}

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
  /** The fields changed, before and after, for the admin's audit row; null when nothing changed. */
  changed: { before: Record<string, unknown>; after: Record<string, unknown> } | null;
}

/**
 * An admin's change to a streaming box's shipment, in the caller's transaction, which
 * writes its audit row (decision 0084). 'delivered' records when it arrived, which lets
 * the buyer activate the box.
 */
export async function updateShipment(tx: DbOrTx, orderId: string, changes: ShipmentChanges): Promise<ShipmentUpdate> {
  const [current] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
  if (!current) throw notFound(SHIPMENT_NOT_FOUND);
  const next: Partial<ShipmentRow> = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const status = next.status ?? current.status;
  const trackingNumber = next.trackingNumber === undefined ? current.trackingNumber : next.trackingNumber;
  if (status !== 'processing' && !trackingNumber) throw invalid(TRACKING_NUMBER_NEEDED);
  if (status === 'delivered' && current.status !== 'delivered') next.actualDelivery = new Date();
  if (status !== 'delivered' && current.actualDelivery) next.actualDelivery = null;
  const changed = Object.fromEntries(
    Object.entries(next).filter(([key, value]) => JSON.stringify(auditable({ [key]: value })) !== JSON.stringify(auditable({ [key]: current[key as keyof ShipmentRow] }))),
  ) as Partial<ShipmentRow>;
  if (Object.keys(changed).length === 0) return { shipment: toAdminShipment(current), shippedNow: false, changed: null };
  const [updated] = await tx.update(shipments).set({ ...changed, updatedAt: new Date() }).where(eq(shipments.id, current.id)).returning();
  const before = Object.fromEntries(Object.keys(changed).map((key) => [key, current[key as keyof ShipmentRow]]));
  return {
    shipment: toAdminShipment(updated!),
    shippedNow: updated!.status === 'shipped' && current.status !== 'shipped',
    changed: { before: auditable(before), after: auditable(changed) },
  };
}

/** A shipped box's facts for the buyer's email (the mail feature writes it); null without a shipped box. */
export async function shippedBox(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({ shipment: shipments, email: orders.customerEmail, name: orders.customerName, customerId: orders.customerId, locale: orders.locale })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.orderId, orderId));
  if (!row || row.shipment.status !== 'shipped' || !row.shipment.trackingNumber) return null;
  const { carrier, trackingNumber, estimatedDelivery, updatedAt } = row.shipment;
  return { orderId, to: row.email, customerName: row.name, customerId: row.customerId, locale: row.locale, carrier, trackingNumber, estimatedDelivery, shippedAt: updatedAt };
}


