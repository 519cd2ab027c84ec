import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { billingStatus, type BillingStatus } from '#domain/billing';
import { formatMoney, parseMoney } from '#domain/money';
import { deviceFeeIn } from '#domain/pricing';
import { arrivedCents } from '#domain/refunds';
import type { BillingPayment, Receipt, ReceiptLine } from '#contract/billing';
import type { DbOrTx } from '#server/db/connect';
import { packages } from '../catalog/schema';
import { orderRefunds, orders } from '../orders/schema';
import { renewalCharges } from '../renewals/schema';

/**
 * The signed-in customer's payments (GET /api/account/billing) and one payment's receipt:
 * their orders that were payments (domain/billing.ts says which), each with its settled
 * refunds, newest first. Only the customer's own orders are read (orders.customer_id).
 */

/** The statuses an order has when domain/billing.ts may list it: the rule decides, this only narrows the read. */
const LISTED_STATUSES = ['completed', 'refunded', 'failed'];

/**
 * The card an automatic renewal charged, as its charge row recorded it (decision 0045). Found
 * through the renewed subscription, whose charges are indexed by it. The store keeps no card
 * for a payment made at checkout: the provider alone knows it.
 */
const renewalCardLast4 = sql<string | null>`(
  select ${renewalCharges.cardLast4} from ${renewalCharges}
  where ${renewalCharges.subscriptionId} = ${orders.renewsSubscriptionId} and ${renewalCharges.orderId} = ${orders.id}
  limit 1)`;

const paymentColumns = {
  orderId: orders.id,
  createdAt: orders.createdAt,
  paymentStatus: orders.paymentStatus,
  paymentMethod: orders.paymentMethod,
  subtotalAmount: orders.subtotalAmount,
  totalAmount: orders.totalAmount,
  currency: orders.currency,
  receivedAmount: orders.receivedAmount,
  refundedAmount: orders.refundedAmount,
  couponCode: orders.couponCode,
  couponDiscount: orders.couponDiscount,
  deviceCount: orders.deviceCount,
  setTopBoxMacs: orders.setTopBoxMacs,
  renewsSubscriptionId: orders.renewsSubscriptionId,
  packageName: packages.name,
  packageDuration: packages.duration,
  cardLast4: renewalCardLast4,
};

const selectPayments = (db: DbOrTx) => db.select(paymentColumns).from(orders).innerJoin(packages, eq(packages.id, orders.packageId));
type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/** '1 Month Premium (1 Month)', as the order confirmation email names the package. */
const packageLabel = (row: PaymentRow) => `${row.packageName} (${row.packageDuration})`;

/** What the payment paid for: 'Renewal: 1 Month Premium (1 Month), 2 devices, 1 set-top box'. */
function describe(row: PaymentRow): string {
  const devices = Number(row.deviceCount);
  const boxes = row.setTopBoxMacs.length;
  return [
    `${row.renewsSubscriptionId ? 'Renewal: ' : ''}${packageLabel(row)}`,
    ...(devices > 1 ? [plural(devices, 'device')] : []),
    ...(boxes > 0 ? [plural(boxes, 'set-top box', 'set-top boxes')] : []),
  ].join(', ');
}

function paymentMethodOf(row: PaymentRow): string {
  if (row.paymentMethod === 'crypto') return 'Crypto';
  return row.cardLast4 ? `Card ending ${row.cardLast4}` : 'Card';
}

/** The package, the devices beyond the one included (spec section 9's fee), and a coupon's discount: they add up to the total. */
function receiptLines(row: PaymentRow): ReceiptLine[] {
  const devices = Number(row.deviceCount);
  const fee = deviceFeeIn(devices, row.currency);
  const discount = parseMoney(row.couponDiscount);
  return [
    { description: packageLabel(row), amount: formatMoney(parseMoney(row.subtotalAmount) - fee), kind: 'package', count: 1, code: null },
    ...(fee > 0 ? [{ description: plural(devices - 1, 'extra device'), amount: formatMoney(fee), kind: 'extra_devices' as const, count: devices - 1, code: null }] : []),
    ...(discount > 0 ? [{ description: `Coupon ${row.couponCode ?? ''}`.trim(), amount: formatMoney(-discount), kind: 'coupon' as const, count: 1, code: row.couponCode }] : []),
  ];
}

/** The settled refunds of the orders, oldest first, by order: a refund still open at the provider is not money back yet. */
async function refundsOf(db: DbOrTx, orderIds: string[]) {
  const byOrder = new Map<string, BillingPayment['refunds']>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderRefunds.orderId, amount: orderRefunds.amount, createdAt: orderRefunds.createdAt })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, orderIds), ne(orderRefunds.status, 'pending')))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  for (const row of rows) byOrder.get(row.orderId)!.push({ amount: row.amount, createdAt: row.createdAt.toISOString() });
  return byOrder;
}

async function paymentsOf(db: DbOrTx, customerId: string, orderId?: string) {
  const rows = await selectPayments(db)
    .where(and(eq(orders.customerId, customerId), inArray(orders.paymentStatus, LISTED_STATUSES), ...(orderId ? [eq(orders.id, orderId)] : [])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const listed = rows.flatMap((row) => {
    const status = billingStatus(row);
    return status ? [{ row, status }] : [];
  });
  const refunds = await refundsOf(db, listed.map(({ row }) => row.orderId));
  return listed.map(({ row, status }) => ({ row, payment: toPayment(row, status, refunds.get(row.orderId)!) }));
}

function toPayment(row: PaymentRow, status: BillingStatus, refunds: BillingPayment['refunds']): BillingPayment {
  return {
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    description: describe(row),
    // The money that arrived, as the admin's order reads it: a part-paid crypto order honoured paid less than its total.
    amount: formatMoney(arrivedCents(row)),
    currency: row.currency,
    paymentMethod: paymentMethodOf(row),
    purchase: {
      packageName: row.packageName,
      packageDuration: row.packageDuration,
      renewal: row.renewsSubscriptionId !== null,
      deviceCount: Number(row.deviceCount),
      setTopBoxes: row.setTopBoxMacs.length,
    },
    method: row.paymentMethod === 'crypto' ? 'crypto' : 'card',
    cardLast4: row.cardLast4,
    status,
    refundedAmount: row.refundedAmount,
    refunds,
  };
}

export async function billingHistory(db: DbOrTx, customerId: string): Promise<BillingPayment[]> {
  return (await paymentsOf(db, customerId)).map(({ payment }) => payment);
}

/** One payment of the customer's with its lines; null for another's order, an unpaid one or none. */
export async function billingReceipt(db: DbOrTx, customerId: string, orderId: string): Promise<Receipt | null> {
  const [found] = await paymentsOf(db, customerId, orderId);
  return found ? { ...found.payment, orderTotal: found.row.totalAmount, lines: receiptLines(found.row) } : null;
}
