import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * ORDER BY each column descending, NULLS LAST: the order drizzle-kit writes for a `.desc()`
 * index column. A bare DESC means NULLS FIRST, which PostgreSQL will not read from such an
 * index even on a NOT NULL column: it sorts the whole table instead.
 */
export const newestFirst = (...columns: AnyColumn[]): SQL[] => columns.map((column) => sql`${column} desc nulls last`);
