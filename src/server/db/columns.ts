import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money columns: numeric(10,2), read and written as strings like '15.99' (D5). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
