import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '#server/db/columns';

/** Store administrators: apart from customers, with a username instead of an email (spec section 6). */
export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  /** An argon2id hash, as for customers. */
  password: text('password').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
