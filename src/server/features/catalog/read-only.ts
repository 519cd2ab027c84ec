import { alias } from 'drizzle-orm/pg-core';
import { packages } from './schema';

/**
 * The packages table for other features' joins, read-only (decision 0032): a purchase reads
 * an order and its package in one statement (decision 0023), where a call to findPackage
 * would add one. Written under its own name, so the SQL is the table's; a write through it
 * is refused by the lint rule store/table-writes-by-owner, as it comes from this face.
 */
export const packagesForReading = alias(packages, 'packages');
