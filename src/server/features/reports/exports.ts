import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DayRange } from '#contract/day-range';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
import { isoInTimeZone } from '#domain/store-time';
import { shownPaymentStatus } from '#domain/refunds';
import type { DbOrTx } from '#server/db/connect';
import { customers } from '../accounts/schema';
import { packages } from '../catalog/schema';
import { orderRefunds, orders, shipments } from '../orders/schema';
import type { CsvTable } from '#server/lib/csv-table';
import { newestFirst } from './newest-first';
import { keptPayment, netRevenue, paidOrderCount } from './figures';
import { postalAddress } from './postal-address';
import { withinDays } from './store-days';

/**
 * Rows read per statement: enough that a statement's own cost is small beside its rows', few
 * enough that a batch is read, written and dropped before V8's young generation is collected
 * twice (decision 0041). At 1,000 the rows in hand were often promoted to the old generation,
 * which then grew by 40-100 MB during an export; at 250 it stays within about 10 MB, as fast.
 */
export const EXPORT_BATCH_SIZE = 250;

/** Where the last batch ended. The time stays PostgreSQL's text: a JS Date would drop its microseconds and repeat rows. */
interface Cursor {
  createdAt: string;
  id: string;
}

const finished = { done: true, value: undefined } as const;

/**
 * A table newest first, batch by batch, each batch one keyset query on the (created_at, id)
 * index after the previous batch's last row, each row made into its records by `toRecords`. Not one
 * snapshot: PGlite has one connection, and a transaction or cursor held for a long download
 * would stop every other request. Orders placed meanwhile are newer than the first batch and
 * left out; none repeats.
 *
 * An iterator object, not an async generator: a suspended generator keeps the batch it last
 * gave out until the next one is read, so every batch outlived the next statement and reached
 * V8's old generation, which grew by 100 MB and more during an export (decision 0041). Here a
 * batch is held only by whoever is writing it, and the rows read die with `nextBatch`.
 */
function newestFirstBatches<Row extends Cursor, Record>(
  load: (olderThan: (createdAt: AnyColumn, id: AnyColumn) => SQL | undefined, limit: number) => Promise<Row[]>,
  toRecords: (row: Row) => Record[],
  batchSize: number,
): AsyncIterable<Record[]> {
  return {
    [Symbol.asyncIterator]() {
      let cursor: Cursor | null = null;
      let last = false;
      async function nextBatch(): Promise<IteratorResult<Record[], undefined>> {
        if (last) return finished;
        const after = cursor;
        const rows = await load((createdAt, id) => (after ? sql`(${createdAt}, ${id}) < (${after.createdAt}::timestamptz, ${after.id})` : undefined), batchSize);
        last = rows.length < batchSize;
        if (rows.length === 0) return finished;
        const end = rows[rows.length - 1]!;
        cursor = { createdAt: end.createdAt, id: end.id };
        return { done: false, value: rows.flatMap(toRecords) };
      }
      return {
        next: nextBatch,
        return: () => {
          last = true;
          return Promise.resolve(finished);
        },
      };
    },
  };
}

const exactTime = (column: AnyColumn) => sql<string>`${column}::text`;
/** An instant on the store's clock with its offset ('2026-11-26T03:55:00.000+13:00'; 'Z' in UTC), decision 0034. */
const storeTime = (date: Date | null, timeZone: string) => (date ? isoInTimeZone(date, timeZone) : null);

const ORDER_HEADER = [
  'Order ID',
  'Created',
  'Paid',
  'Payment status',
  'Reason',
  'Customer name',
  'Email',
  'Phone',
  'Package',
  'Devices',
  'Payment method',
  'Currency',
  'Subtotal',
  'Discount',
  'Total',
  'Refunded',
  'Last refund',
  'Dispute loss',
  'Cashback',
  'Coupon',
  'Gift card',
  'Gift card delivered',
  'Shipping address',
  'Carrier',
  'Tracking number',
];

const orderColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  paymentStatus: orders.paymentStatus,
  failureReason: orders.failureReason,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  deviceCount: orders.deviceCount,
  paymentMethod: orders.paymentMethod,
  // Every amount of the row is in it (decision 0105).
  currency: orders.currency,
  subtotalAmount: orders.subtotalAmount,
  couponDiscount: orders.couponDiscount,
  totalAmount: orders.totalAmount,
  refundedAmount: orders.refundedAmount,
  // A lost dispute's amount and fee (decision 0100): revenue subtracts it once.
  disputeLoss: orders.disputeLoss,
  // The order's latest settled refund, on the refunds' order index (decision 0036).
  lastRefundAt: sql<Date | null>`(select max(${orderRefunds.createdAt}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.status} <> 'pending')`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
  cashbackAmount: orders.cashbackAmount,
  couponCode: orders.couponCode,
  selectedGiftCard: orders.selectedGiftCard,
  giftCardDelivered: orders.giftCardDelivered,
  requiresShipping: orders.requiresShipping,
  shippingAddress: orders.shippingAddress,
  shippingCity: orders.shippingCity,
  shippingState: orders.shippingState,
  shippingZip: orders.shippingZip,
  shippingCountry: orders.shippingCountry,
};

/** The phone given with the order, else the one on the buyer's customer row (create-customer may have added it). */
const orderPhone = sql<string | null>`coalesce(${orders.customerPhone}, ${customers.phone})`;

/**
 * Every order placed in `range` (days in the store's time zone, decision 0034), newest first
 * (GET /api/admin/export/orders.csv), with the buyer's phone and a box's carrier and tracking
 * number once it has one (a shipment's carrier is UPS by default until then, not known).
 */
export function orderExport(db: DbOrTx, timeZone: string, range: DayRange = {}, batchSize = EXPORT_BATCH_SIZE): CsvTable {
  const batches = newestFirstBatches(
    (olderThan, limit) =>
      db
        .select({
          order: orderColumns,
          packageName: packages.name,
          phone: orderPhone,
          carrier: shipments.carrier,
          trackingNumber: shipments.trackingNumber,
          createdAt: exactTime(orders.createdAt),
          id: orders.id,
        })
        .from(orders)
        .innerJoin(packages, eq(packages.id, orders.packageId))
        .leftJoin(customers, eq(customers.id, orders.customerId))
        .leftJoin(shipments, eq(shipments.orderId, orders.id))
        .where(and(olderThan(orders.createdAt, orders.id), ...withinDays(orders.createdAt, range, timeZone)))
        .orderBy(...newestFirst(orders.createdAt, orders.id))
        .limit(limit),
    ({ order, packageName, phone, carrier, trackingNumber }) => [
      [
        order.id,
        storeTime(order.createdAt, timeZone),
        storeTime(order.paidAt, timeZone),
        shownPaymentStatus(order),
        order.failureReason,
        order.customerName,
        order.customerEmail,
        phone,
        packageName,
        order.deviceCount,
        order.paymentMethod,
        order.currency,
        order.subtotalAmount,
        order.couponDiscount,
        order.totalAmount,
        order.refundedAmount,
        storeTime(order.lastRefundAt, timeZone),
        order.disputeLoss,
        order.cashbackAmount,
        order.couponCode,
        order.selectedGiftCard,
        order.giftCardDelivered,
        order.requiresShipping && order.shippingAddress
          ? postalAddress({ street: order.shippingAddress, city: order.shippingCity, state: order.shippingState, zip: order.shippingZip, country: order.shippingCountry })
          : null,
        trackingNumber ? carrier : null,
        trackingNumber,
      ],
    ],
    batchSize,
  );
  return { header: ORDER_HEADER, batches };
}

const CUSTOMER_HEADER = ['Customer ID', 'Email', 'First name', 'Last name', 'Phone', 'Has account', 'Created', 'Currency', 'Paid orders', 'Paid total'];

/** A customer's paid orders and their total in one currency. */
interface CustomerFigures {
  currency: CurrencyCode;
  paidOrders: number;
  revenue: string;
}

/**
 * A customer's paid orders and revenue per currency by figures.ts's definitions (so each
 * currency's column sums to the dashboards' figure of that currency, decision 0105), as JSON
 * text, looked up per row on the orders' customer_id index: a batch's customers have orders
 * all over the table, and one grouped statement per batch would read all of it each time.
 */
const keptByCustomer = sql`${orders.customerId} = ${customers.id} and ${keptPayment}`;
const customerFigures = sql<string>`(select coalesce(json_agg(json_build_object('currency', f.currency, 'paidOrders', f.paid_orders, 'revenue', f.revenue)), '[]')::text
    from (select ${orders.currency} as currency, ${paidOrderCount} as paid_orders, ${netRevenue()}::numeric(12, 2)::text as revenue
            from ${orders} where ${keptByCustomer} group by ${orders.currency}) f)`;

/** Each currency the customer paid in, in SUPPORTED_CURRENCIES' order; a customer who paid nothing, once, in USD (the store's default) at zero. */
function figuresByCurrency(text: string): CustomerFigures[] {
  const figures = JSON.parse(text) as CustomerFigures[];
  if (figures.length === 0) return [{ currency: 'USD', paidOrders: 0, revenue: '0.00' }];
  return figures.sort((a, b) => SUPPORTED_CURRENCIES.indexOf(a.currency) - SUPPORTED_CURRENCIES.indexOf(b.currency));
}

/** Never the password hash. */
const customerColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  hasAccount: customers.hasAccount,
  createdAt: customers.createdAt,
};

/**
 * Every customer row (an account or a guest) created in `range` (days in the store's time
 * zone), newest first, with all its paid orders' count and sum, one record per currency it
 * paid in (GET /api/admin/export/customers.csv).
 */
export function customerExport(db: DbOrTx, timeZone: string, range: DayRange = {}, batchSize = EXPORT_BATCH_SIZE): CsvTable {
  const batches = newestFirstBatches(
    (olderThan, limit) =>
      db
        .select({ customer: customerColumns, figures: customerFigures, createdAt: exactTime(customers.createdAt), id: customers.id })
        .from(customers)
        .where(and(olderThan(customers.createdAt, customers.id), ...withinDays(customers.createdAt, range, timeZone)))
        .orderBy(...newestFirst(customers.createdAt, customers.id))
        .limit(limit),
    ({ customer, figures }) =>
      figuresByCurrency(figures).map(({ currency, paidOrders, revenue }) => [
        customer.id,
        customer.email,
        customer.firstName,
        customer.lastName,
        customer.phone,
        customer.hasAccount,
        storeTime(customer.createdAt, timeZone),
        currency,
        paidOrders,
        revenue,
      ]),
    batchSize,
  );
  return { header: CUSTOMER_HEADER, batches };
}
