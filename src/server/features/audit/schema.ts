import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '#server/db/columns';

/**
 * What administrators changed: one row per state change, written in the change's own
 * transaction by features/audit (its only writer). The username is kept as it was then;
 * before and after hold only the fields that changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** admin | customer: a customer acting on their own devices (decision 0042) | system: the store on its schedule (decision 0046). */
    actorType: text('actor_type', { enum: ['admin', 'customer', 'system'] }).notNull().default('admin'),
    /** The administrator who acted; null when a customer did. Refers to admins(id): a foreign key kept in the migrations (decision 0047). */
    adminId: uuid('admin_id'),
    /** The customer who acted on their own device; null when an administrator did. */
    customerId: uuid('customer_id'),
    /** The administrator's username, or the acting customer's email, as it was then; 'the store' for the system. */
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
