import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PANEL_ALERT_KINDS } from '#domain/panel-health';

/**
 * One check of the provisioning panel per minute (decision 0093): every instance checks each
 * minute, and the minute as primary key keeps the first result; a second is not written.
 * Kept 30 days (forgetChecksBefore).
 */
export const panelChecks = pgTable(
  'panel_checks',
  {
    /** The minute the check counts for: when it started, truncated to the minute. */
    minute: timestamp('minute', { withTimezone: true }).primaryKey(),
    /** When it started, by the server's clock. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** The panel answered the reseller's key; a refusal, an error or no answer in 10 s is false. */
    reachable: boolean('reachable').notNull(),
    /** From the call to its answer or its failure. */
    latencyMs: integer('latency_ms').notNull(),
    /** Why it failed, as the provider says it (never the key); null when it answered. */
    error: text('error'),
    /** The reseller's credits, when the panel gave them. */
    credits: doublePrecision('credits'),
  },
  // The latest successful check, read on every check to find when the panel stopped answering.
  (t) => [index('panel_checks_reachable_idx').on(t.minute).where(sql`${t.reachable}`)],
);

/**
 * The owner's alerts about the panel, one row per kind (decision 0093). Raising and clearing
 * are conditional updates of this row, written in the transaction that writes the alert's
 * email and Telegram job: however many instances see the panel fail, each raise and each
 * recovery is told once.
 */
export const panelAlerts = pgTable('panel_alerts', {
  kind: text('kind', { enum: PANEL_ALERT_KINDS }).primaryKey(),
  active: boolean('active').notNull(),
  /** How many times the alert was raised: names the messages of each raise and its recovery. */
  episode: integer('episode').notNull(),
  /** When the condition began: the first failed check, or the check that found the credits short. */
  since: timestamp('since', { withTimezone: true }).notNull(),
  raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
  clearedAt: timestamp('cleared_at', { withTimezone: true }),
});
