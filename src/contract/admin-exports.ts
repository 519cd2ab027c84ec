import { z } from 'zod';
import { dayRangeFields, dayRangeInOrder } from './day-range';

/**
 * GET /api/admin/export/orders.csv and customers.csv: the rows created from `from` to `to`,
 * whole days in the store's time zone, both ends included; with neither, every row.
 */
export const exportQuerySchema = z.looseObject(dayRangeFields).refine(...dayRangeInOrder);
