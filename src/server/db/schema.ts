import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Money columns: numeric(10,2), read and written as strings like '15.99' (D5). */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const packages = pgTable('packages', {
  /** A uuid, or a text id the spec's client knows: trial-36h, streaming-box. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  duration: text('duration').notNull(),
  durationUnit: text('duration_unit', { enum: ['hours', 'months'] }).notNull(),
  durationValue: integer('duration_value').notNull(),
  price: money('price').notNull(),
  cashback: money('cashback').notNull().default('0.00'),
  channels: text('channels').notNull(),
  quality: text('quality').notNull(),
  devices: integer('devices').notNull().default(4),
  vod: text('vod'),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  popular: boolean('popular').notNull().default(false),
  requiresShipping: boolean('requires_shipping').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An address has at most one account row (has_account, with a password) and at most one
 * guest row (orders placed without an account). They stay apart until the email is
 * proven through an emailed link, which merges the guest row into the account
 * (docs/decisions: guest orders and accounts). Find the customer of a new order with
 * `resolveOrderCustomer` (features/accounts/customers.ts), never by email alone.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** An argon2id hash; null until the customer sets a password. */
    password: text('password'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    hasAccount: boolean('has_account').notNull().default(false),
    /** When the account holder proved the address through an emailed link. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_account_email_idx').on(t.email).where(sql`${t.hasAccount}`),
    uniqueIndex('customers_guest_email_idx').on(t.email).where(sql`not ${t.hasAccount}`),
    // The admin's customers.csv walks the table newest first in batches by (created_at, id).
    index('customers_newest_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Password setup and reset links: only a hash of the token is kept; single use. */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['setup', 'reset'] }).notNull(),
    orderId: text('order_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('setup_tokens_customer_idx').on(t.customerId)],
);

export const orders = pgTable(
  'orders',
  {
    /** SP-digits-digits */
    id: text('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone'),
    packageId: text('package_id').notNull().references(() => packages.id),
    selectedGiftCard: text('selected_gift_card'),
    giftCardDelivered: boolean('gift_card_delivered').notNull().default(false),
    paymentMethod: text('payment_method', { enum: ['card', 'crypto', 'free'] }).notNull(),
    /** pending -> completed | failed | needs_review (money arrived that does not settle it; see orders/service.ts) */
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
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    shippingAddress: text('shipping_address'),
    shippingCity: text('shipping_city'),
    shippingState: text('shipping_state'),
    shippingZip: text('shipping_zip'),
    shippingCountry: text('shipping_country').notNull().default('US'),
    /** Set when the order renews an existing subscription instead of starting one. */
    renewsSubscriptionId: uuid('renews_subscription_id'),
    /** Identifies one checkout attempt so a double submit returns the same order. */
    checkoutKey: text('checkout_key').unique(),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When provisioning created or extended the order's subscription; applies a paid order once. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** When the order-confirmation email was written to the outbox, in the same statement; writes it once (decision 0028). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
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
    // The dashboards' revenue sums read paid orders by payment date.
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paymentStatus} = 'completed'`),
    // The admin's order list pages newest first (alone, by date range, or by payment status),
    // and orders.csv walks the first one in batches by (created_at, id).
    index('orders_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_newest_idx').on(t.paymentStatus, t.createdAt.desc(), t.id.desc()),
    // The admin's customer list pages through subscriptions by their order's payment, newest first.
    index('orders_newest_payment_idx').on(t.paidAt.desc().nullsLast(), t.id.desc()),
    // Reservations of abandoned unpaid orders are given back by the minute (decision 0020).
    index('orders_unpaid_reservation_idx')
      .on(t.createdAt)
      .where(sql`${t.couponReserved} and ${t.paymentStatus} in ('pending', 'failed')`),
    // The admin's gift-card queue reads only the paid orders still owed a card, oldest first.
    index('orders_owed_gift_card_idx')
      .on(t.paidAt, t.id)
      .where(
        sql`${t.paymentStatus} = 'completed' and ${t.giftCardDelivered} = false and ${t.selectedGiftCard} is not null and ${t.cashbackAmount} > 0`,
      ),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id').notNull().references(() => customers.id),
    packageId: text('package_id').notNull().references(() => packages.id),
    /** The order that created it; unique so that one paid order gives one subscription. */
    orderId: text('order_id').notNull().unique().references(() => orders.id),
    xtreamUsername: text('xtream_username'),
    xtreamPassword: text('xtream_password'),
    xtreamUrl: text('xtream_url').notNull().default('http://line.streamplus.tv'),
    deviceCount: integer('device_count').notNull().default(1),
    /** active | expired | pending_activation */
    status: text('status').notNull().default('active'),
    startDate: timestamp('start_date', { withTimezone: true }),
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    activationKey: text('activation_key'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_expiry_idx').on(t.status, t.expirationDate),
  ],
);

export const deviceCredentials = pgTable(
  'device_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    deviceNumber: integer('device_number').notNull(),
    xtreamUsername: text('xtream_username').notNull().unique(),
    xtreamPassword: text('xtream_password').notNull(),
    deviceName: text('device_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The reseller panel's id for this line, when a panel is configured. */
    panelLineId: text('panel_line_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('device_credentials_device_idx').on(t.subscriptionId, t.deviceNumber)],
);

export const shipments = pgTable('shipments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: text('order_id').notNull().unique().references(() => orders.id),
  customerId: uuid('customer_id').references(() => customers.id),
  subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
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

export const coupons = pgTable('coupons', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-cased, as the checkout's coupon box sends it. */
  code: text('code').notNull().unique(),
  description: text('description').notNull(),
  type: text('type', { enum: ['percentage', 'fixed'] }).notNull(),
  /** Percent for 'percentage' (10.00 = 10%), dollars for 'fixed'. */
  value: money('value').notNull(),
  minOrderAmount: money('min_order_amount'),
  maxDiscount: money('max_discount'),
  usageLimit: integer('usage_limit'),
  usageCount: integer('usage_count').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
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
  },
  (t) => [index('purchase_notifications_newest_idx').on(t.timestamp.desc(), t.id.desc())],
);

/** Store administrators: apart from customers, with a username instead of an email (spec section 6). */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** An argon2id hash, as for customers. */
  password: text('password').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Server-side sessions (D6): any instance can read any session; logout deletes the row. */
export const session = pgTable(
  'session',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_expire_idx').on(t.expire)],
);

/** One free trial per email address and per browser, enforced by the unique keys. */
export const trialClaims = pgTable('trial_claims', {
  email: text('email').primaryKey(),
  browserId: text('browser_id').unique(),
  orderId: text('order_id'),
  claimedAt: createdAt(),
});

/** Provider events already handled (Stripe event ids, crypto IPN ids): a replay is ignored. */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

/** The demo card provider's PaymentIntents (D7): real state, no real money. */
export const demoPaymentIntents = pgTable('demo_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** requires_payment_method | succeeded | canceled | refunded (after an admin's refund) */
  status: text('status').notNull(),
  orderId: text('order_id').notNull(),
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The demo crypto provider's payments (D7). */
export const demoCryptoPayments = pgTable('demo_crypto_payments', {
  paymentId: text('payment_id').primaryKey(),
  orderId: text('order_id').notNull(),
  priceAmount: money('price_amount').notNull(),
  payAmount: text('pay_amount').notNull(),
  payCurrency: text('pay_currency').notNull(),
  payAddress: text('pay_address').notNull(),
  /** waiting | confirming | finished | partially_paid | failed | expired */
  paymentStatus: text('payment_status').notNull().default('waiting'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every email the store sends, written in the transaction of the change that causes it
 * (features/mail, its only writer; docs/decisions/0028). With SMTP a durable job delivers
 * it and sets sent_at; without, the row is the kept email and is written with sent_at set.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    /** What this email is, e.g. order-confirmation:<order id>: the same email is never written twice. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** Delivered to the SMTP server, or kept (no SMTP_URL); null while its delivery is due. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts made and the last one's error, for the admin and the logs. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Its links are secrets (password links): once delivered by SMTP the kept text loses them. */
    secretLinks: boolean('secret_links').notNull().default(false),
  },
  (t) => [
    // The admin's outbox list pages through it newest first.
    index('mail_outbox_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // An order's detail lists the mails sent to its buyer.
    index('mail_outbox_to_idx').on(t.to),
    // The sweep of emails whose delivery is due.
    index('mail_outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/** Fixed-window attempt counters (login failures, link requests) shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * What administrators changed: one row per state change, written in the change's own
 * transaction by features/audit (its only writer). The username is kept as it was then;
 * before and after hold only the fields that changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id),
    adminUsername: text('admin_username').notNull(),
    /** What was done, as `<target>.<verb>`: package.update. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    // An order's detail lists the changes made to it.
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
