import { alias } from 'drizzle-orm/pg-core';
import { orders, shipments } from './schema';

/**
 * The orders and shipments tables for other features' joins, read-only (decision 0032): the
 * paid order's provisioning and the account page read them with their own rows in one
 * statement (decision 0023). Written under their own names, so the SQL is the tables';
 * writes go through this feature's functions (the lint rule store/table-writes-by-owner).
 */
export const ordersForReading = alias(orders, 'orders');
export const shipmentsForReading = alias(shipments, 'shipments');
