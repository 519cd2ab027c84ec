import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/**
 * Every version of the store's policies (decision 0097), written by features/policies alone.
 * An edit appends the next version; the highest is in force. Version 1 is the store's default
 * text (defaults.ts) until an owner's edit is stored, so a fresh store has no rows here.
 */
export const policyVersions = pgTable(
  'policy_versions',
  {
    /** terms | privacy | refund-policy (contract/policies.ts). */
    name: text('name').notNull(),
    version: integer('version').notNull(),
    markdown: text('markdown').notNull(),
    /** The admin who wrote it. Refers to admins(id): a foreign key kept in the migrations (decision 0047). */
    createdBy: uuid('created_by').notNull(),
    /** The admin's username as it was then, for the version history. */
    createdByUsername: text('created_by_username').notNull(),
    createdAt: createdAt(),
  },
  // Two edits at once cannot both become the same version: the second is refused and tries the next.
  (t) => [primaryKey({ columns: [t.name, t.version] })],
);
