import { alias } from 'drizzle-orm/pg-core';
import { subscriptions } from './schema';

/**
 * The subscriptions table for other features' joins, read-only (decision 0032): the
 * renewal charges find the auto-renewing subscriptions due in one indexed statement, with
 * their own rows anti-joined. Written under its own name, so the SQL is the table's;
 * writes go through this feature's functions (the lint rule store/table-writes-by-owner).
 */
export const subscriptionsForReading = alias(subscriptions, 'subscriptions');
