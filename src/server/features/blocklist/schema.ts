import { sql } from 'drizzle-orm';
import { cidr, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { BLOCKLIST_KINDS } from '#domain/blocklist';
import { createdAt } from '#server/db/columns';

/**
 * Who the store will not sell to (decision 0099), in the database every instance shares. The
 * value is normalised for its kind, so one buyer is one row: a mailbox as the trial's rule
 * reads it, a MAC upper case with colons, a network as PostgreSQL's cidr writes it.
 */
export const blocklistEntries = pgTable(
  'blocklist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: BLOCKLIST_KINDS }).notNull(),
    value: text('value').notNull(),
    /** For an ip entry, its network (a single address is a /32 or /128): `network >>= address` finds it by the GiST index. */
    network: cidr('network'),
    reason: text('reason').notNull(),
    /** The admin who added it; null when the store did (a fraud warning). Refers to admins(id): a foreign key kept in the migrations (decision 0047). */
    authorAdminId: uuid('author_admin_id'),
    /** The admin's username as it was then; null for the store. */
    authorName: text('author_name'),
    createdAt: createdAt(),
    /** Null: for good. Once past, the entry no longer applies (the queries compare it with the clock) and is shown expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // One row per kind and value; an expired one is replaced by a new entry of the same value.
    uniqueIndex('blocklist_entries_kind_value_idx').on(t.kind, t.value),
    index('blocklist_entries_network_idx').using('gist', t.network.op('inet_ops')).where(sql`network is not null`),
    index('blocklist_entries_newest_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
