import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_DEFAULT, type AdminCustomerRecord } from '#contract/admin';
import type { CurrencyCode } from '#domain/currencies';
import { devicesRun } from '#domain/devices';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/connect';
import { prebuiltSql } from '#server/db/prebuilt';
import { customers } from '../accounts/schema';
import { packages } from '../catalog/schema';
import { orders } from '../orders/schema';
import { deviceCredentials, subscriptions } from '../subscriptions/schema';
import { deviceView, type DeviceViewRow } from '#server/features/subscriptions/index';
import { newestFirst } from './newest-first';
import { filteredTotal, type Page, type PageOf } from './page-total';
import { keptRecords } from './kept-records';
import { lapseOf, type Lapse } from './lapse';
import { subscriptionTotal } from './table-totals';
import { addressMatches, containsPattern, localPartEnd, type ValueOrPlaceholder } from './address-search';

/** What an order id begins with: 'SP-' in any case, then only digits and dashes. */
const ORDER_ID_START = /^sp-[0-9-]*$/i;
/** What an order id can contain: its letters in either case, digits and dashes. */
const ORDER_ID_PIECE = /^[sp0-9-]*$/i;

/**
 * How the orders whose id contains `q` in any case (`id ilike '%q%'`) are found. Every id is
 * SP-digits-digits (src/domain/order-id.ts), whose only 'S' is its first letter:
 * - 'start': `q` begins with 'SP-' and holds only digits and dashes after it, so it can match
 *   only at the start, and the orders are those whose id begins with 'SP-' and the rest of `q`;
 * - 'none': `q` holds a character no id has (an address, a name), so no order;
 * - 'anywhere': any other `q`, by the trigram index.
 */
export type OrderIdSearch = 'start' | 'none' | 'anywhere';
export function orderIdSearch(q: string): OrderIdSearch {
  if (ORDER_ID_START.test(q)) return 'start';
  return ORDER_ID_PIECE.test(q) ? 'anywhere' : 'none';
}

/** How orders' ids are read, and for an id's start, the start every matching id has (a value, or a statement's placeholder). */
type OrderIdMatch = { search: 'start'; idStart: ValueOrPlaceholder } | { search: Exclude<OrderIdSearch, 'start'> };

/** How `q` reads orders' ids (orderIdSearch), with the start of the 'start' search. */
function orderIdOf(q: string): OrderIdMatch {
  const search = orderIdSearch(q);
  return search === 'start' ? { search, idStart: `SP-${q.slice(3)}` } : { search };
}

/**
 * The orders whose id contains `q` in any case: `id ilike '%q%'`. A `q` with an id's start
 * is a range of orders_id_prefix_idx (text_pattern_ops), where the trigram index intersects
 * posting lists of nearly every order (decision 0049); its bounds are text_pattern_ops' own
 * operators on the parameter, as addressContains's are, so that a generic plan of a statement
 * built once still uses the index (decision 0069). An id is ASCII, and U+10FFFF sorts after
 * every ASCII byte: the range holds exactly the ids that begin with the start. A `q` no id
 * can contain reads no index at all. tests/api/admin-order-id-search.test.ts compares each
 * with the match anywhere.
 */
export function orderIdContains(q: string): SQL {
  return orderIdMatches(orderIdOf(q), containsPattern(q));
}

/** orderIdContains with its values given apart (addressMatches): `pattern`, and the 'start' search's `idStart`. */
function orderIdMatches(match: OrderIdMatch, pattern: ValueOrPlaceholder): SQL {
  if (match.search !== 'start') return match.search === 'none' ? sql`false` : ilike(orders.id, pattern);
  return sql`(${orders.id} ~>=~ ${match.idStart}::text and ${orders.id} ~<~ (${match.idStart}::text || chr(1114111)))`;
}

/** A record as its statement's JSON gives it: timestamps are already the ISO 8601 text of toISOString (isoText). */
interface RecordRow {
  id: string;
  orderId: string;
  customerName: string;
  customerEmail: string;
  packageName: string;
  subscriptionLength: string;
  giftCardChoice: string | null;
  paymentDate: string | null;
  totalAmount: string;
  currency: CurrencyCode;
  deviceCount: number;
  status: string;
  expirationDate: string;
  graceSuspendedAt: string | null;
  xtreamServer: string;
  deviceCredentials: DeviceViewRow[];
}

const subscriptionOf = (row: RecordRow) => ({
  status: row.status,
  expirationDate: new Date(row.expirationDate),
  graceSuspendedAt: row.graceSuspendedAt === null ? null : new Date(row.graceSuspendedAt),
});

const fullName = sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`;

/**
 * A timestamp as Date.prototype.toISOString writes it (UTC, milliseconds, 'Z'; to_char's MS
 * truncates the microseconds as Date does): writing 200 dates again with toISOString in Node was
 * a tenth of this page's CPU at 10 admins at once (decision 0056).
 */
const isoText = (column: SQL | AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const recordsSelect = sql`select ${subscriptions.id} as id, ${subscriptions.orderId} as "orderId", ${fullName} as "customerName", ${customers.email} as "customerEmail",
         ${packages.name} as "packageName", ${packages.duration} as "subscriptionLength", ${orders.selectedGiftCard} as "giftCardChoice",
         ${isoText(orders.paidAt)} as "paymentDate", ${orders.totalAmount}::text as "totalAmount", ${orders.currency} as currency, ${subscriptions.deviceCount} as "deviceCount",
         ${subscriptions.status} as status, ${isoText(subscriptions.expirationDate)} as "expirationDate",
         ${isoText(subscriptions.graceSuspendedAt)} as "graceSuspendedAt", ${subscriptions.xtreamUrl} as "xtreamServer"
    from ${subscriptions}
    join ${orders} on ${orders.id} = ${subscriptions.orderId}
    join ${customers} on ${customers.id} = ${subscriptions.customerId}
    join ${packages} on ${packages.id} = ${subscriptions.packageId}`;
const recordsOrder = sql`order by ${sql.join(newestFirst(orders.paidAt, orders.id), sql`, `)}`;

/**
 * Each record of `records` (a statement of recordsSelect's columns with its order and
 * limit) with its devices, as one JSON text, newest payment first: a driver reads one field,
 * not 14 per record and 11 per device, which on PGlite was three quarters of the page's
 * time (25 -> 5 ms for 100 records alone, decision 0053); on PostgreSQL, node-postgres
 * reading the plain rows cost the store twice the CPU of JSON.parse (decision 0056). The
 * devices are read for the page's records alone, in the same statement (decision 0063):
 * a second statement with the page's ids cost PostgreSQL a round trip and an array of 100
 * ids to read. Money is selected as text, so JSON keeps its cents as written.
 */
const withDevices = (records: SQL) => sql`select coalesce(json_agg(record order by record."paymentDate" desc nulls last, record."orderId" desc nulls last), '[]')::text as rows
  from (select page.*, coalesce((select json_agg(device order by device."deviceNumber")
                                   from (select ${deviceCredentials.id} as id, ${deviceCredentials.deviceName} as "deviceName", ${deviceCredentials.deviceNumber} as "deviceNumber",
                                                ${deviceCredentials.isActive} as "isActive", ${deviceCredentials.xtreamUsername} as "xtreamUsername",
                                                ${deviceCredentials.xtreamPassword} as "xtreamPassword", ${deviceCredentials.label} as label, ${deviceCredentials.kind} as kind,
                                                ${deviceCredentials.mac} as mac, ${deviceCredentials.enabled} as enabled
                                           from ${deviceCredentials}
                                          where ${deviceCredentials.subscriptionId} = page.id) device), '[]') as "deviceCredentials"
          from (${records}) page) record`;

const unfilteredRecords = prebuiltSql<{ rows: string }>(() =>
  withDevices(sql`${recordsSelect} ${recordsOrder} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`),
);

/**
 * The page every admin opens first, with its size written in: PostgreSQL plans a statement
 * whose LIMIT is a parameter again on every run (its plan for any limit reads a tenth of the
 * table), which was a quarter of this page's time in PostgreSQL; without parameters its plan
 * is made once per connection (decision 0056).
 */
const firstPageOfRecords = prebuiltSql<{ rows: string }>(() => withDevices(sql`${recordsSelect} ${recordsOrder} limit ${sql.raw(String(ADMIN_PAGE_DEFAULT))}`));
const unfilteredPage = (db: DbOrTx, { limit, offset }: Page) =>
  limit === ADMIN_PAGE_DEFAULT && offset === 0 ? firstPageOfRecords(db) : unfilteredRecords(db, { limit, offset });

/**
 * The records of a page as PostgreSQL wrote them (withDevices), written out key by key: every
 * record gets one shape, and no row's extra column can leak.
 */
function toRecords(text: string, lapse: Lapse): AdminCustomerRecord[] {
  return (JSON.parse(text) as RecordRow[]).map((row): AdminCustomerRecord => {
    const subscription = subscriptionOf(row);
    const running = devicesRun(subscription, lapse.graceDays, lapse.now);
    return {
      id: row.id,
      orderId: row.orderId,
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      packageName: row.packageName,
      subscriptionLength: row.subscriptionLength,
      giftCardChoice: row.giftCardChoice,
      paymentDate: row.paymentDate,
      totalAmount: row.totalAmount,
      currency: row.currency,
      deviceCount: row.deviceCount,
      status: row.status,
      expirationDate: row.expirationDate,
      ...lapseOf(subscription, lapse),
      xtreamServer: row.xtreamServer,
      deviceCredentials: row.deviceCredentials.map((device) => deviceView(device, row.xtreamServer, running)),
    };
  });
}

/** The records of a store's last page text, kept while it comes back unchanged (kept-records.ts); one per store. */
export const keptCustomerRecords = () => keptRecords(toRecords);
export type KeptCustomerRecords = ReturnType<typeof keptCustomerRecords>;

/**
 * A search's subscriptions: those of the orders whose id or name contains `q`, and those of
 * the customers whose email or name contains it. Each table is searched on its own trigram
 * and range indexes (drizzle/0002, 0019, 0020) and the matches are united first: an OR across
 * the joined tables would test every row instead. Written with placeholders (`pattern`,
 * `idStart`, `localEnd`) for one of a search's shapes.
 */
function searchFilter(shape: SearchShape): SQL {
  const pattern = sql.placeholder('pattern');
  const orderId: OrderIdMatch = shape.orderId === 'start' ? { search: 'start', idStart: sql.placeholder('idStart') } : { search: shape.orderId };
  const orderMatch = or(orderIdMatches(orderId, pattern), ilike(orders.customerName, pattern));
  const customerMatch = or(addressMatches(customers.email, pattern, shape.byAddress ? sql.placeholder('localEnd') : null), ilike(fullName, pattern));
  return sql`${subscriptions.id} in (select ${subscriptions.id} from ${subscriptions} where ${subscriptions.orderId} in (select ${orders.id} from ${orders} where ${orderMatch})
                                     union
                                     select ${subscriptions.id} from ${subscriptions} where ${subscriptions.customerId} in (select ${customers.id} from ${customers} where ${customerMatch}))`;
}

/** How a search reads orders' ids (orderIdSearch), and whether by an address's local part (localPartEnd). */
interface SearchShape {
  orderId: OrderIdSearch;
  byAddress: boolean;
}

type SearchStatements = { records: ReturnType<typeof prebuiltSql<{ rows: string }>>; total: ReturnType<typeof prebuiltSql<{ total: number }>> };
const searchStatements = new Map<string, SearchStatements>();

/**
 * The page and the total of a search of one shape, each statement's text built once per
 * process and named, so PostgreSQL parses it once per connection: building the search's text
 * was a tenth of the store's CPU for it, and each new text a parse in PostgreSQL (decision 0069).
 */
function searchStatementsFor(shape: SearchShape): SearchStatements {
  const key = `${shape.orderId}:${shape.byAddress}`;
  let statements = searchStatements.get(key);
  if (!statements) {
    const filter = searchFilter(shape);
    statements = {
      records: prebuiltSql(() => withDevices(sql`${recordsSelect} where ${filter} ${recordsOrder} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`)),
      total: prebuiltSql(() => sql`select count(*)::int as total from ${subscriptions} where ${filter}`),
    };
    searchStatements.set(key, statements);
  }
  return statements;
}

/**
 * The admin's customer-subscription records (spec section 3), one per subscription,
 * newest payment first, one page at a time (docs/decisions 0012); `q` matches part of the email,
 * the customer's or the order's name, or the order id. One statement for the page's
 * records with their devices, and one for the total.
 */
export async function customerRecords(
  db: DbOrTx,
  page: Page & { q?: string | undefined },
  lapse: Lapse,
  recordsOf: KeptCustomerRecords,
): Promise<PageOf<AdminCustomerRecord>> {
  // Raw rows, not drizzle's select: mapping 100 records and their credentials column by
  // column was a fifth of this page's CPU at 10 admins at once (decision 0053); the first
  // page's text is built once per process (prebuiltSql).
  const records = ([first]: { rows: string }[]) => recordsOf(first!.rows, lapse);
  if (!page.q) {
    const [items, total] = await Promise.all([unfilteredPage(db, page).then(records), subscriptionTotal(db).then(([row]) => row!.total)]);
    return { items, total };
  }
  const orderId = orderIdOf(page.q);
  const localEnd = localPartEnd(page.q);
  const search = searchStatementsFor({ orderId: orderId.search, byAddress: localEnd !== null });
  const values = { pattern: containsPattern(page.q), idStart: orderId.search === 'start' ? orderId.idStart : null, localEnd };
  const items = records(await search.records(db, { ...values, limit: page.limit, offset: page.offset }));
  const total = await filteredTotal(items, page, () => search.total(db, values));
  return { items, total };
}
