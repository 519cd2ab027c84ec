import { z } from 'zod';
import { countQueryField } from './fields';

/**
 * GET /api/admin/revenue?days=30: one entry per day of the store's time zone (decision
 * 0034), oldest first, today last, days without sales as zeros. revenue is net of refunds;
 * orders counts paid orders (above $0, not refunded), as GET /api/admin/stats does.
 */
export const MAX_REVENUE_DAYS = 366;
export const revenueQuerySchema = z.looseObject({ days: countQueryField('days', MAX_REVENUE_DAYS, 30) });

export const revenueDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  revenue: z.string().regex(/^-?\d+\.\d{2}$/),
  orders: z.number().int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;
export const revenueDayListSchema = z.array(revenueDaySchema);
