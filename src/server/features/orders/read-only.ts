import { alias } from 'drizzle-orm/pg-core';
import { orders } from './schema';

/**
 * The orders table for other parts' joins, read-only (decision 0032): the paid order's
 * provisioning and confirmation read it with their own rows in one statement (decision
 * 0023). Written under its own name, so the SQL is the table's; writes go through this
 * feature's functions (the lint rule store/table-writes-by-owner).
 */
export const ordersForReading = alias(orders, 'orders');
