import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Refers to customers(id): a foreign key kept in the migrations (decision 0047). */
    customerId: uuid('customer_id').notNull(),
    /** Refers to packages(id): a foreign key kept in the migrations (decision 0047). */
    packageId: text('package_id').notNull(),
    /**
     * The order that created it; unique so that one paid order gives one subscription.
     * Refers to orders(id): a foreign key kept in the migrations (decision 0047).
     */
    orderId: text('order_id').notNull().unique(),
    xtreamUsername: text('xtream_username'),
    xtreamPassword: text('xtream_password'),
    xtreamUrl: text('xtream_url').notNull().default('http://line.streamplus.tv'),
    deviceCount: integer('device_count').notNull().default(1),
    /** active | expired | pending_activation */
    status: text('status').notNull().default('active'),
    startDate: timestamp('start_date', { withTimezone: true }),
    expirationDate: timestamp('expiration_date', { withTimezone: true }).notNull(),
    activationKey: text('activation_key'),
    /**
     * When the renewal pass suspended it after its grace period (decision 0046): the store
     * says so from then on, before the panel is told. Not the owner's abuse suspension
     * (devicesSuspendedAt): each is lifted by its own cause.
     */
    graceSuspendedAt: timestamp('grace_suspended_at', { withTimezone: true }),
    /** When the panel confirmed the grace suspension's lines off; null while it is still to be done (retried by the next pass). */
    graceLinesOffAt: timestamp('grace_lines_off_at', { withTimezone: true }),
    /** When the store's owner disabled every device (abuse); the customer cannot turn them on until the owner lifts it. */
    devicesSuspendedAt: timestamp('devices_suspended_at', { withTimezone: true }),
    /**
     * While its payment is disputed (decision 0100): the panel's lines are off until the
     * dispute is won; a lost one keeps them off. Apart from expiry and the owner's abuse
     * suspension: each is lifted by its own cause.
     */
    disputeSuspendedAt: timestamp('dispute_suspended_at', { withTimezone: true }),
    /** The customer asked that the saved card below be charged before each expiry (decision 0045). */
    autoRenew: boolean('auto_renew').notNull().default(false),
    /**
     * The card renewals charge; null until one is saved for this subscription.
     * Refers to saved_cards(id): a foreign key kept in the migrations (decision 0047).
     */
    savedCardId: uuid('saved_card_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_customer_idx').on(t.customerId),
    index('subscriptions_expiry_idx').on(t.status, t.expirationDate),
    // The renewal pass and the admin's Renewals section read only the subscriptions a saved card renews, by expiry.
    index('subscriptions_auto_renew_expiry_idx').on(t.expirationDate).where(sql`${t.autoRenew} and ${t.savedCardId} is not null`),
    // The renewal pass's suspensions still to do: a short list however many subscriptions expired long ago.
    index('subscriptions_grace_due_idx')
      .on(t.expirationDate)
      .where(sql`${t.status} = 'expired' and ${t.graceLinesOffAt} is null`),
  ],
);

/**
 * The renewal schedule's emails (decision 0046), one row per subscription, period and
 * milestone: the row is the claim written in the email's own statement, so a milestone is
 * sent once however many instances run the pass. A renewal moves the expiry, which starts
 * a new period with milestones of its own.
 */
export const subscriptionMilestones = pgTable(
  'subscription_milestones',
  {
    subscriptionId: uuid('subscription_id').notNull().references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The expiry of the period the milestone belongs to. */
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** 7d | 3d | 1d | 0d | trial-12h | trial-1h | grace | win-back-7d | win-back-30d */
    milestone: text('milestone').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.periodEnd, t.milestone] })],
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
    /** The reseller panel's id for this line, when a panel is configured; for a set-top box, the line under it. */
    panelLineId: text('panel_line_id'),
    /** line | mag: a set-top box known by its MAC address (decision 0042). */
    kind: text('kind', { enum: ['line', 'mag'] }).notNull().default('line'),
    /** A set-top box's MAC address, upper case with colons. */
    mac: text('mac'),
    /** The panel's id of a set-top box (its MAG device), beside the line under it. */
    panelMagId: text('panel_mag_id'),
    /** The owner's name for the device, kept by the store alone. */
    label: text('label'),
    /** False while the owner or the store turned the device off; isActive says whether the subscription covers it. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('device_credentials_device_idx').on(t.subscriptionId, t.deviceNumber),
    // Checkout looks up whether a MAC is already on a subscription.
    index('device_credentials_mac_idx').on(t.mac).where(sql`${t.mac} is not null`),
  ],
);

/**
 * Which order or device holds each set-top box (decision 0073): one row per MAC, so the
 * primary key itself holds "one box, one active subscription" against concurrent checkouts
 * and MAC changes. A claim whose holder no longer runs (`held_until` past, and no running
 * device with that MAC) is taken over by the next claimer under the row's lock
 * (box-claims.ts); nothing else frees it.
 */
export const setTopBoxClaims = pgTable('set_top_box_claims', {
  /** Upper case with colons, as devices keep it. */
  mac: text('mac').primaryKey(),
  /** The order that reserved the box at checkout (its subscription's, once provisioned). */
  orderId: text('order_id'),
  /** The reserving order's email: the same buyer checking out again (another card, crypto) takes the reservation over. */
  buyerEmail: text('buyer_email'),
  /** The device that has the box, once provisioned or changed to it. */
  deviceId: uuid('device_id'),
  /** A reservation's end: an unpaid order's payment window, or a MAC change under way. */
  heldUntil: timestamp('held_until', { withTimezone: true }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});

/**
 * The subscriptions' figures for the admin's cards and the customer list's total (decision
 * 0049), kept by the triggers of drizzle/0019 in the statement that writes a subscription:
 * up to 8 rows (`shard`, the writing connection's), summed. holders: customers with at
 * least one subscription.
 */
export const subscriptionTallies = pgTable('subscription_tallies', {
  shard: smallint('shard').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
  active: bigint('active', { mode: 'number' }).notNull(),
  devices: bigint('devices', { mode: 'number' }).notNull(),
  holders: bigint('holders', { mode: 'number' }).notNull(),
});

/** How many subscriptions each customer holds: the holders' tally counts a customer's first and last. */
export const subscriptionHolders = pgTable('subscription_holders', {
  customerId: uuid('customer_id').primaryKey(),
  subscriptions: integer('subscriptions').notNull(),
});
