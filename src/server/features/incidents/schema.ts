import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { IncidentPackage } from '#contract/status';
import { createdAt, updatedAt } from '#server/db/columns';

/** What the owner posts to the status page (decision 0094): an outage or a fault, while it lasts and after. */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The packages it affects as they were named when it was posted; null: every package. */
    packages: jsonb('packages').$type<IncidentPackage[]>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Null while it lasts. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The admin who posted it, as the audit log names them. */
    postedBy: text('posted_by').notNull(),
    /** The customers emailed when it was posted; null when the owner did not ask for emails. */
    notifiedCustomers: integer('notified_customers'),
    /**
     * The title, message and packages as one key: the same incident posted again while it is
     * open (a double click, a retried request) finds this one and emails nobody again.
     */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('incidents_open_dedupe_idx').on(t.dedupeKey).where(sql`ended_at is null`),
    index('incidents_started_idx').on(t.startedAt),
  ],
);

/**
 * An incident's one compensation: the primary key is the incident, so pressing
 * "Compensate" twice, or on two instances at once, extends the subscriptions once.
 */
export const incidentCompensations = pgTable('incident_compensations', {
  incidentId: uuid('incident_id')
    .primaryKey()
    .references(() => incidents.id),
  days: integer('days').notNull(),
  adminUsername: text('admin_username').notNull(),
  /** How many subscriptions it extended, and of how many customers. */
  subscriptions: integer('subscriptions').notNull(),
  customers: integer('customers').notNull(),
  createdAt: createdAt(),
});

/**
 * One subscription a compensation extended: its expiry before and after, written with the
 * extension in one transaction, and whether the panel's lines run to the new expiry yet. The
 * panel is told after the commit; a pass takes each line still due, holding it while it
 * calls the panel, and marks it done by a conditional update, so a panel outage leaves it for
 * the next pass and two instances never both do it.
 */
export const incidentCompensationLines = pgTable(
  'incident_compensation_lines',
  {
    incidentId: uuid('incident_id').notNull(),
    /** Refers to subscriptions(id), which are never deleted; no foreign key across features (decision 0047). */
    subscriptionId: uuid('subscription_id').notNull(),
    /** The subscription's owner when it was compensated: whom its email went to. */
    customerId: uuid('customer_id').notNull(),
    expiryBefore: timestamp('expiry_before', { withTimezone: true }).notNull(),
    expiryAfter: timestamp('expiry_after', { withTimezone: true }).notNull(),
    /** When the panel confirmed the subscription's lines run to the new expiry; null while due. */
    panelDoneAt: timestamp('panel_done_at', { withTimezone: true }),
    /** A pass calling the panel for it holds it until then; another pass leaves it alone meanwhile. */
    panelHeldUntil: timestamp('panel_held_until', { withTimezone: true }),
    panelAttempts: integer('panel_attempts').notNull().default(0),
    panelLastError: text('panel_last_error'),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.subscriptionId] }),
    // Named here: drizzle's own name for it is longer than PostgreSQL's 63 characters.
    foreignKey({ name: 'incident_compensation_lines_incident_fk', columns: [t.incidentId], foreignColumns: [incidentCompensations.incidentId] }),
    // The pass reads only the lines still due: a short list however many were compensated.
    index('incident_compensation_lines_panel_due_idx').on(t.incidentId).where(sql`panel_done_at is null`),
  ],
);
