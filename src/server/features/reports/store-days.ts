import { gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DayRange } from '#contract/day-range';

/**
 * The first instant of a day ('2026-11-26') in the store's time zone, computed by the
 * database (decision 0034): a constant of the statement, so created_at's index still bounds
 * the range, and DST days of 23 or 25 hours come out right.
 */
const startOfDay = (day: string, timeZone: string) => sql`${day}::date::timestamp at time zone ${timeZone}::text`;
const startOfNextDay = (day: string, timeZone: string) => sql`(${day}::date + 1)::timestamp at time zone ${timeZone}::text`;

/** `column` within the range's days in the store's time zone, both ends included; no condition for an end not given. */
export function withinDays(column: AnyColumn, range: DayRange, timeZone: string): SQL[] {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(column, startOfDay(range.from, timeZone)));
  if (range.to) conditions.push(lt(column, startOfNextDay(range.to, timeZone)));
  return conditions;
}
