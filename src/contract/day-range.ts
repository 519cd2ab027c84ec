import { dayField } from './dates';

/**
 * A range of whole days in the store's time zone (decision 0034), both ends included and
 * either one optional: the orders list's "Placed from/to" and the CSV exports.
 */

export const DAY_RANGE_REVERSED = 'from must be on or before to';

export const dayRangeFields = { from: dayField('from').optional(), to: dayField('to').optional() };

export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** For a schema's refine: a range whose ends are the wrong way round is refused, named on `to`. */
export const dayRangeInOrder: [(range: DayRange) => boolean, { message: string; path: string[] }] = [
  (range) => !range.from || !range.to || range.from <= range.to,
  { message: DAY_RANGE_REVERSED, path: ['to'] },
];
