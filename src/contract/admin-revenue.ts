import { z } from 'zod';
import { countQueryField, currencyField } from './fields';

/**
 * GET /api/admin/revenue?days=30&currency=EUR: one entry per day of the store's time zone
 * (decision 0034), oldest first, today last, days without sales as zeros, of one currency's
 * orders (USD when not asked, decision 0105): never a sum across currencies. revenue is net
 * of refunds; orders counts paid orders (above 0, not refunded), as GET /api/admin/stats does.
 */
export const MAX_REVENUE_DAYS = 366;
export const revenueQuerySchema = z.looseObject({ days: countQueryField('days', MAX_REVENUE_DAYS, 30), currency: currencyField.default('USD') });

export const revenueDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  revenue: z.string().regex(/^-?\d+\.\d{2}$/),
  orders: z.number().int(),
  currency: currencyField,
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;
export const revenueDayListSchema = z.array(revenueDaySchema);
