import { and, asc, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderListQuery, AdminOrderSummary } from '#contract/admin-orders';
import type { AdminDispute } from '#contract/disputes';
import { devicesRun } from '#domain/devices';
import { formatMoney } from '#domain/money';
import { refundableCents } from '#domain/refunds';
import type { DbOrTx } from '#server/db/connect';
import { customers } from '../accounts/schema';
import { auditLog } from '../audit/schema';
import { disputes } from '../disputes/schema';
import { packages } from '../catalog/schema';
import { mailOutbox } from '../mail/schema';
import { orderRefunds, orders, shipments } from '../orders/schema';
import { policyTextsOf } from '../policies/index';
import { deviceCredentials, subscriptions } from '../subscriptions/schema';
import { orderIdContains } from './admin-customers';
import { addressContains, containsPattern } from './address-search';
import { listedOrderTotal, orderTotal } from './table-totals';
import { filteredTotal, type PageOf } from './page-total';
import { newestFirst } from './newest-first';
import { lapseOf, type Lapse } from './lapse';
import { postalAddress } from './postal-address';
import { withinDays } from './store-days';

const summaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  packageId: orders.packageId,
  packageName: packages.name,
  deviceCount: orders.deviceCount,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  reason: orders.failureReason,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  refundedAmount: orders.refundedAmount,
  receivedAmount: orders.receivedAmount,
  couponCode: orders.couponCode,
  giftCard: orders.selectedGiftCard,
  cashbackAmount: orders.cashbackAmount,
  giftCardDelivered: orders.giftCardDelivered,
  giftCardDeliveredAt: orders.giftCardDeliveredAt,
  requiresShipping: orders.requiresShipping,
  renewsSubscriptionId: orders.renewsSubscriptionId,
};

/**
 * A streaming box's shipment's column (one per order: shipments.order_id is unique), as a
 * subquery run for each row of the page only: as a left join, a search whose matches the
 * planner guessed many hashed every shipment first (2.8 -> 1.2 ms at a million orders).
 */
const shipmentColumn = (column: typeof shipments.status | typeof shipments.trackingNumber) =>
  sql<string | null>`(select ${column} from ${shipments} where ${shipments.orderId} = ${orders.id})`;

/** Orders with their package and, for a streaming box, its shipment. */
const selectSummaries = (db: DbOrTx) =>
  db
    .select({ ...summaryColumns, shipmentStatus: shipmentColumn(shipments.status), trackingNumber: shipmentColumn(shipments.trackingNumber) })
    .from(orders)
    .innerJoin(packages, eq(packages.id, orders.packageId));
type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

function toSummary({ renewsSubscriptionId, ...row }: SummaryRow): AdminOrderSummary {
  return {
    ...row,
    renewal: renewsSubscriptionId !== null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    giftCardDeliveredAt: row.giftCardDeliveredAt?.toISOString() ?? null,
    deviceCount: Number(row.deviceCount),
  };
}

/** A subscription's devices, none active while it does not run (domain devicesRun), whatever each one's own flag says. */
const subscriptionCredentials = <T extends { isActive: boolean }>(credentials: T[], running: boolean): T[] =>
  running ? credentials : credentials.map((credential) => ({ ...credential, isActive: false }));

/**
 * Orders waiting for a person: held for review (a short crypto payment, an amount that does
 * not match), or paid but still without their service after provisioning ran out of
 * attempts, whose reason it recorded (decision 0021). An admin honours, retries or refunds.
 * The navigation's count of them (work-waiting.ts) is this same predicate. It is the partial
 * index orders_waiting_newest_idx's predicate, written the same way (no parameters) so the
 * planner can use it (decision 0041).
 */
export const waitsForAPerson = sql`(${orders.paymentStatus} = 'needs_review' or (${orders.paymentStatus} = 'completed' and ${orders.fulfilledAt} is null and ${orders.failureReason} is not null))`;

function filters(query: AdminOrderListQuery, timeZone: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.needsReview) conditions.push(query.needsReview === 'true' ? waitsForAPerson : not(waitsForAPerson));
  if (query.packageId) conditions.push(eq(orders.packageId, query.packageId));
  conditions.push(...withinDays(orders.createdAt, query, timeZone));
  if (query.q) {
    // One table, so PostgreSQL ORs the three indexes' matches (trigrams: drizzle/0002, 0007; an id's start: 0019; an address's local part's end: 0020).
    const pattern = containsPattern(query.q);
    conditions.push(or(orderIdContains(query.q), ilike(orders.customerName, pattern), addressContains(orders.customerEmail, query.q))!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * The list's total when the writers keep it: for the whole list and for a status, a package
 * or both (decisions 0049, 0055: the refunded filter and the shipment queue count thousands
 * of rows otherwise); null for any other filter, whose total the page tells or a count does.
 */
function keptTotal(db: DbOrTx, query: AdminOrderListQuery, where: SQL | undefined) {
  if (!where) return orderTotal(db);
  const { paymentStatus, packageId, needsReview, q, from, to } = query;
  const byStatusOrPackage = (paymentStatus || packageId) && !needsReview && !q && !from && !to;
  return byStatusOrPackage ? listedOrderTotal(db, { paymentStatus, packageId }) : null;
}

/** Orders newest first, one page at a time (decision 0012), filtered as the admin asks (indexes: drizzle/0007); days are the store's. */
export async function orderPage(db: DbOrTx, query: AdminOrderListQuery, timeZone: string): Promise<PageOf<AdminOrderSummary>> {
  const where = filters(query, timeZone);
  const kept = keptTotal(db, query, where);
  const [rows, keptRows] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...newestFirst(orders.createdAt, orders.id))
      .limit(query.limit)
      .offset(query.offset),
    kept,
  ]);
  const total = keptRows ? keptRows[0]!.total : await filteredTotal(rows, query, () => db.select({ total: count() }).from(orders).where(where));
  return { items: rows.map(toSummary), total };
}

/** One order with its customer, payment, subscription and credentials, shipment, emails and audit trail; null when unknown. */
export async function orderDetail(db: DbOrTx, orderId: string, lapse: Lapse): Promise<AdminOrderDetail | null> {
  const [[summary], [order]] = await Promise.all([
    selectSummaries(db).where(eq(orders.id, orderId)),
    db.select().from(orders).where(eq(orders.id, orderId)),
  ]);
  if (!summary || !order) return null;
  const subscriptionId = order.renewsSubscriptionId;
  // The order's subscription: the one it renews, else the one it created. Its devices are read
  // beside it through the same condition, not once it is known: one round trip fewer (decision 0071).
  const ofTheOrder = subscriptionId ? eq(subscriptions.id, subscriptionId) : eq(subscriptions.orderId, orderId);
  const [customer, subscription, shipment, outbox, audit, refunds, credentials, policiesAccepted, dispute] = await Promise.all([
    order.customerId
      ? db.select({ id: customers.id, email: customers.email, hasAccount: customers.hasAccount }).from(customers).where(eq(customers.id, order.customerId))
      : Promise.resolve([]),
    db.select().from(subscriptions).where(ofTheOrder),
    db.select().from(shipments).where(eq(shipments.orderId, orderId)),
    db
      .select({ subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, order.customerEmail), ilike(mailOutbox.subject, containsPattern(orderId))))
      .orderBy(asc(mailOutbox.createdAt)),
    db
      .select({ adminUsername: auditLog.adminUsername, action: auditLog.action, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)))
      .orderBy(...newestFirst(auditLog.createdAt, auditLog.id)),
    db
      .select({ amount: orderRefunds.amount, note: orderRefunds.note, status: orderRefunds.status, adminUsername: orderRefunds.adminUsername, createdAt: orderRefunds.createdAt })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    db
      .select({
        id: deviceCredentials.id,
        deviceNumber: deviceCredentials.deviceNumber,
        username: deviceCredentials.xtreamUsername,
        password: deviceCredentials.xtreamPassword,
        isActive: deviceCredentials.isActive,
        enabled: deviceCredentials.enabled,
        label: deviceCredentials.label,
        kind: deviceCredentials.kind,
        mac: deviceCredentials.mac,
      })
      .from(deviceCredentials)
      .where(inArray(deviceCredentials.subscriptionId, db.select({ id: subscriptions.id }).from(subscriptions).where(ofTheOrder)))
      .orderBy(asc(deviceCredentials.deviceNumber)),
    policyTextsOf(db, acceptedVersions(order)),
    order.paymentMethod === 'card' ? disputeOf(db, orderId) : Promise.resolve(null),
  ]);
  const [sub] = subscription;
  const [box] = shipment;
  return {
    order: toSummary(summary),
    renewsSubscriptionId: subscriptionId,
    customer: customer[0] ?? null,
    payment: {
      subtotalAmount: order.subtotalAmount,
      couponDiscount: order.couponDiscount,
      totalAmount: order.totalAmount,
      cashbackAmount: order.cashbackAmount,
      providerReference: order.stripePaymentIntentId ?? order.cryptoPaymentId,
      refundedAmount: order.refundedAmount,
      receivedAmount: order.receivedAmount,
      refundableAmount: order.paymentStatus === 'completed' || order.paymentStatus === 'needs_review' ? formatMoney(refundableCents(order)) : '0.00',
    },
    refunds: refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
    subscription: sub
      ? {
          id: sub.id,
          status: sub.status,
          startDate: sub.startDate?.toISOString() ?? null,
          expirationDate: sub.expirationDate.toISOString(),
          deviceCount: sub.deviceCount,
          credentials: subscriptionCredentials(credentials, devicesRun(sub, lapse.graceDays, lapse.now)),
          devicesSuspended: sub.devicesSuspendedAt !== null,
          ...lapseOf(sub, lapse),
        }
      : null,
    shipment: box
      ? {
          status: box.status,
          carrier: box.carrier,
          trackingNumber: box.trackingNumber,
          address: postalAddress({ street: box.shippingAddress, city: box.city, state: box.state, zip: box.zipCode, country: box.country }),
          estimatedDelivery: box.estimatedDelivery?.toISOString() ?? null,
          actualDelivery: box.actualDelivery?.toISOString() ?? null,
        }
      : null,
    emails: {
      orderConfirmationSentAt: order.confirmationSentAt?.toISOString() ?? null,
      outbox: outbox.map((mail) => ({ subject: mail.subject, createdAt: mail.createdAt.toISOString() })),
    },
    audit: audit.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    policiesAccepted,
    agreement:
      order.buyerIpAddress !== null && order.buyerUserAgent !== null
        ? { ipAddress: order.buyerIpAddress, userAgent: order.buyerUserAgent, acceptedAt: order.createdAt.toISOString() }
        : null,
    dispute,
  };
}

/** The order's latest dispute as the admin sees it (decision 0100); null when none. */
async function disputeOf(db: DbOrTx, orderId: string): Promise<AdminDispute | null> {
  const [row] = await db.select().from(disputes).where(eq(disputes.orderId, orderId)).orderBy(desc(disputes.createdAt)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    amount: formatMoney(row.amount),
    currency: row.currency,
    fee: formatMoney(row.fee),
    dueBy: row.dueBy?.toISOString() ?? null,
    evidence: row.evidence,
    note: row.note,
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** The policy versions an order's buyer agreed to (decision 0097): none on an order placed by the store or before agreements were kept. */
function acceptedVersions(order: { termsVersion: number | null; refundPolicyVersion: number | null }) {
  const versions: Array<{ name: 'terms' | 'refund-policy'; version: number }> = [];
  if (order.termsVersion !== null) versions.push({ name: 'terms', version: order.termsVersion });
  if (order.refundPolicyVersion !== null) versions.push({ name: 'refund-policy', version: order.refundPolicyVersion });
  return versions;
}
