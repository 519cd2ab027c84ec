import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { money, createdAt, updatedAt } from '#server/db/columns';

export const orders = pgTable(
  'orders',
  {
    /** SP-digits-digits */
    id: text('id').primaryKey(),
    /** Refers to customers(id): a foreign key kept in the migrations (decision 0047). */
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    /** Refers to packages(id): a foreign key kept in the migrations (decision 0047). */
    packageId: text('package_id').notNull(),
    selectedGiftCard: text('selected_gift_card'),
    giftCardDelivered: boolean('gift_card_delivered').notNull().default(false),
    /** When the admin marked it delivered: an undo is allowed within that store day (features/orders/gift-cards.ts). */
    giftCardDeliveredAt: timestamp('gift_card_delivered_at', { withTimezone: true }),
    /** The gift card's code, when the admin gave one: shown to its buyer only, in the account. */
    giftCardCode: text('gift_card_code'),
    /** The admin's note on the delivery (how or where it was sent), for the admins. */
    giftCardNote: text('gift_card_note'),
    paymentMethod: text('payment_method', { enum: ['card', 'crypto', 'free'] }).notNull(),
    /** pending, completed, failed, needs_review, refunded, disputed, disputed_lost: which may become which is domain/order-status.ts */
    paymentStatus: text('payment_status').notNull().default('pending'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    cryptoPaymentId: text('crypto_payment_id'),
    deviceCount: text('device_count').notNull().default('1'),
    couponCode: text('coupon_code'),
    couponDiscount: money('coupon_discount').notNull().default('0.00'),
    /**
     * The order holds one counted use of its coupon: reserved at checkout, kept once paid,
     * given back when its payment can no longer come or it is refunded (decision 0020).
     */
    couponReserved: boolean('coupon_reserved').notNull().default(false),
    subtotalAmount: money('subtotal_amount').notNull(),
    totalAmount: money('total_amount').notNull(),
    cashbackAmount: money('cashback_amount').notNull().default('0.00'),
    /**
     * The sum of the order's finished refunds (order_refunds), kept in the refund's own
     * transaction so that revenue, net of partial refunds, reads one row (decision 0036).
     */
    refundedAmount: money('refunded_amount').notNull().default('0.00'),
    /**
     * What a lost dispute took back: the disputed amount and the provider's dispute fee
     * (decision 0100). The figures subtract it once, as the order becomes disputed_lost.
     */
    disputeLoss: money('dispute_loss').notNull().default('0.00'),
    /** What a part-paid crypto payment actually brought, in USD; null when the order was paid in full or not at all. */
    receivedAmount: money('received_amount'),
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').notNull().default('US'),
    /** The MAC addresses of the set-top boxes bought with the order, each in the place of one device; none for most orders. */
    setTopBoxMacs: text('set_top_box_macs').array().notNull().default(sql`'{}'::text[]`),
    /** Set when the order renews an existing subscription instead of starting one. */
    renewsSubscriptionId: uuid('renews_subscription_id'),
    /** The buyer ticked "Renew automatically": once paid, the card is saved and the subscription renews by itself (decision 0045). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Identifies one checkout attempt so a double submit returns the same order. */
    checkoutKey: text('checkout_key').unique(),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When provisioning created or extended the order's subscription; applies a paid order once. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** When the order-confirmation email was written to the outbox, in the same statement; writes it once (decision 0028). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /**
     * What the buyer agreed to by paying (decision 0097): the versions of the terms and the
     * refund policy in force when the order was placed, read in its inserting statement, and
     * the browser's address and user agent; the order's created_at is the time. Null on an
     * order no buyer placed at a checkout (an automatic renewal) and on older orders.
     */
    termsVersion: integer('terms_version'),
    refundPolicyVersion: integer('refund_policy_version'),
    buyerIpAddress: text('buyer_ip_address'),
    buyerUserAgent: text('buyer_user_agent'),
    /**
     * The ISO currency every amount of the order is in, and its refunds and dispute loss
     * (decision 0104): the price list it was bought from; a renewal charges in its last
     * payment's. Never added to an amount in another currency.
     */
    currency: text('currency', { enum: ['USD', 'EUR', 'GBP', 'BRL'] }).notNull().default('USD'),
    /** The language the buyer used (domain/locales.ts): its receipt and reminders are written in it. */
    locale: text('locale').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    index('orders_email_idx').on(t.customerEmail),
    index('orders_payment_intent_idx').on(t.stripePaymentIntentId),
    index('orders_crypto_payment_idx').on(t.cryptoPaymentId),
    // The sweep for paid orders whose jobs were lost reads only the few unfinished ones.
    index('orders_unfinished_idx').on(t.paidAt).where(sql`${t.fulfilledAt} is null or ${t.confirmationSentAt} is null`),
    // The dashboards' revenue sums read paid orders by payment date: figures.ts's keptPayment, written the same way (decision 0100).
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paymentStatus} in ('completed', 'disputed', 'disputed_lost')`),
    // The admin's order list pages newest first (alone, by date range, or by payment status),
    // and orders.csv walks the first one in batches by (created_at, id).
    index('orders_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // The admin's search by an order id's start (reports/admin-customers.ts, orderIdContains): LIKE 'SP-123%' by byte order, whatever the collation.
    index('orders_id_prefix_idx').on(t.id.op('text_pattern_ops')),
    // The admin's search by an address (reports/address-search.ts, decision 0051): the end of its local part, reversed, by byte order.
    index('orders_email_local_end_idx').using('btree', sql`reverse(lower(split_part(${t.customerEmail}, '@', 1))) text_pattern_ops`),
    index('orders_status_newest_idx').on(t.paymentStatus, t.createdAt.desc(), t.id.desc()),
    // The Shipments queue (paid orders of the box package) and the package filter page and count on it (decision 0041).
    index('orders_package_status_newest_idx').on(t.packageId, t.paymentStatus, t.createdAt.desc(), t.id.desc()),
    // The Needs Review queue and its badge read only the orders waiting for a person: reports' waitsForAPerson, written the same way (decision 0041).
    index('orders_waiting_newest_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(
        sql`${t.paymentStatus} = 'needs_review' or (${t.paymentStatus} = 'completed' and ${t.fulfilledAt} is null and ${t.failureReason} is not null)`,
      ),
    // The admin's customer list pages through subscriptions by their order's payment, newest first.
    index('orders_newest_payment_idx').on(t.paidAt.desc().nullsLast(), t.id.desc()),
    // Reservations of abandoned unpaid orders are given back by the minute (decision 0020).
    index('orders_unpaid_reservation_idx')
      .on(t.createdAt)
      .where(sql`${t.couponReserved} and ${t.paymentStatus} in ('pending', 'failed')`),
    // The admin navigation's count of boxes to ship reads only the paid orders that ship, from the index alone (their ids in it; decision 0049).
    index('orders_paid_shipping_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.paymentStatus} = 'completed' and ${t.requiresShipping}`),
    // The admin's gift-card queue reads only the paid orders still owed a card, oldest first.
    index('orders_owed_gift_card_idx')
      .on(t.paidAt, t.id)
      .where(
        sql`${t.paymentStatus} = 'completed' and ${t.giftCardDelivered} = false and ${t.selectedGiftCard} is not null and ${t.cashbackAmount} > 0`,
      ),
  ],
);

export const shipments = pgTable('shipments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: text('order_id').notNull().unique().references(() => orders.id),
  /** Refers to customers(id): a foreign key kept in the migrations (decision 0047). */
  customerId: uuid('customer_id'),
  /** Refers to subscriptions(id): a foreign key kept in the migrations (decision 0047). */
  subscriptionId: uuid('subscription_id'),
  trackingNumber: text('tracking_number'),
  carrier: text('carrier').notNull().default('UPS'),
  shippingAddress: text('shipping_address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zipCode: text('zip_code').notNull(),
  country: text('country').notNull().default('US'),
  /** processing | shipped | delivered */
  status: text('status').notNull().default('processing'),
  estimatedDelivery: timestamp('estimated_delivery', { withTimezone: true }),
  actualDelivery: timestamp('actual_delivery', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const purchaseNotifications = pgTable(
  'purchase_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().unique().references(() => orders.id),
    packageName: text('package_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    subscriptionDuration: text('subscription_duration').notNull(),
    deviceCount: integer('device_count').notNull(),
    giftCard: text('gift_card'),
    totalAmount: money('total_amount').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its order's kept revenue (total less refunds while 'completed', else 0) as the
     * notifications' tally counts it: the triggers of drizzle/0019 bring it in line whenever
     * the order's money or status changes, so that tally is a sum of these (decision 0049).
     */
    countedRevenue: money('counted_revenue').notNull().default('0.00'),
    /**
     * The currency `counted_revenue` is in, and so the notifications' tally it is counted in
     * (decision 0105): its order's, brought in line by the same triggers when that changes.
     */
    countedCurrency: text('counted_currency').notNull().default('USD'),
  },
  (t) => [index('purchase_notifications_newest_idx').on(t.timestamp.desc(), t.id.desc())],
);

/**
 * Each refund of an order, full or partial (decision 0036). A row is written before the
 * provider's call as 'pending' and its id is the provider's idempotency key, so a retry
 * after a crash asks the provider for the same refund and never pays twice; it becomes
 * 'succeeded' (or the provider's status) in the transaction that counts it.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull().references(() => orders.id),
    amount: money('amount').notNull(),
    note: text('note'),
    /** pending until the provider answered (or at once for a crypto or free order, refunded by hand); then the provider's status, or 'manual'. */
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    providerStatus: text('provider_status'),
    /** The Idempotency-Key the admin's dialog sent: the same request twice is one refund. */
    requestKey: text('request_key'),
    /**
     * What the request with that key asked (refunds.ts, refundRequestFingerprint): the key
     * sent again with anything else is refused. Null on refunds made before it was kept.
     */
    requestFingerprint: text('request_fingerprint'),
    /** The admin who refunded; null for the store's own refund (an early fraud warning's, decision 0100). */
    adminId: uuid('admin_id'),
    adminUsername: text('admin_username').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_refunds_request_key_idx').on(t.orderId, t.requestKey),
    // A key is looked up across orders: sent for another order, it is another request.
    index('order_refunds_key_idx').on(t.requestKey).where(sql`${t.requestKey} is not null`),
  ],
);

/**
 * The admin's figures kept as the orders are written (decision 0049), so that the cards, the
 * revenue chart and the lists' totals read a few hundred rows, not every order. Written only
 * by the triggers of drizzle/0019 (in the statement that changes an order or a notification)
 * and rebuilt from scratch by its `order_figures_rebuild()`; read by reports.
 *
 * Kept revenue net of refunds and paid orders (figures.ts's definitions) per 15 minutes of
 * paid_at in UTC, which compose into a day of any time zone the store may be set to
 * (decision 0034); a completed order without paid_at sits in the '-infinity' bucket. Each
 * bucket has up to 8 rows (`shard`, the writing connection's), so that concurrent purchases
 * do not wait on one row.
 */
export const orderRevenueBuckets = pgTable(
  'order_revenue_buckets',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    /** The orders' currency: each currency's money has its own rows, never one sum (decision 0105). */
    currency: text('currency').notNull(),
    shard: smallint('shard').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
    paidOrders: integer('paid_orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.currency, t.shard] })],
);

/**
 * The time zone whose days `order_revenue_days` holds: one row (`only`) once the store has
 * first started, none before. The store's STORE_TIME_ZONE is kept here at start-up, by
 * `order_revenue_days_keep` (drizzle/0021, decision 0050), which rebuilds the days when it
 * changed; the triggers read it to add each order to its day.
 */
export const orderRevenueZone = pgTable(
  'order_revenue_zone',
  {
    only: boolean('only').primaryKey().default(true),
    timeZone: text('time_zone'),
  },
  (t) => [check('order_revenue_zone_one_row', sql`${t.only}`)],
);

/**
 * Kept revenue and paid orders per day of the kept zone (decision 0050), as
 * `order_revenue_buckets` per quarter hour: the 365-day chart reads 365 days, not 35,000
 * quarter hours. Up to 8 rows a day (`shard`), as the buckets; written by the same triggers.
 */
export const orderRevenueDays = pgTable(
  'order_revenue_days',
  {
    day: date('day').notNull(),
    /** As the buckets': one currency's money per row (decision 0105). */
    currency: text('currency').notNull(),
    shard: smallint('shard').notNull(),
    revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
    paidOrders: integer('paid_orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency, t.shard] })],
);

/**
 * Whole-table figures, up to 8 rows each (`shard`): 'orders' (count: every order), 'kept'
 * (count: paid orders; amount: kept revenue net of refunds), 'notifications' (count;
 * amount: their orders' kept revenue; devices), 'notified_addresses' (count: distinct
 * addresses notified). The sum over shards is the figure; an amount's, over one currency's
 * shards only, and a count's over every currency (decision 0105).
 */
export const orderTallies = pgTable(
  'order_tallies',
  {
    tally: text('tally').notNull(),
    /**
     * The currency of the tally's amount (decision 0105): 'kept' and 'notifications' have a row
     * per currency of their orders; a tally of counts alone has '' and never an amount.
     */
    currency: text('currency').notNull(),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    devices: bigint('devices', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tally, t.currency, t.shard] }), check('order_tallies_amount_has_currency', sql`${t.amount} = 0 or ${t.currency} <> ''`)],
);

/** How many purchase notifications each address has: the notified addresses' tally counts a row's first and last. */
export const notifiedAddresses = pgTable('notified_addresses', {
  email: text('email').primaryKey(),
  notifications: integer('notifications').notNull(),
});
