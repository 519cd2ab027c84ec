import { format } from 'date-fns';
import type { AdminStats } from '#contract/admin';
import type { CurrencyCode } from '#domain/currencies';
import { formatAmount } from './admin-view';

/** The bars of the dashboards' revenue charts in a 300 x 100 box, and what it says in words, in the days' one currency (decision 0105). */

export const CHART_WIDTH = 300;
export const CHART_HEIGHT = 100;
const GAP = 2;
/** Days without revenue still show a sliver, so the 30 slots read as a timeline. */
const MIN_BAR = 1;

type Day = AdminStats['revenueByDay'][number];

// Whole cents from '1234.56'; sums of a month stay far inside a double's exact integers.
const cents = (amount: string) => Math.round(Number(amount) * 100);
const centsText = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
const dayLabel = (date: string) => format(new Date(`${date.slice(0, 10)}T00:00:00`), 'MMM d');

export interface RevenueBar {
  date: string;
  x: number;
  y: number;
  width: number;
  height: number;
  label: string;
  empty: boolean;
}

export function revenueBars(days: readonly Day[], currency: CurrencyCode = 'USD'): RevenueBar[] {
  const values = days.map((day) => cents(day.revenue));
  const highest = Math.max(1, ...values);
  const slot = CHART_WIDTH / Math.max(1, days.length);
  return days.map((day, index) => {
    const value = values[index] ?? 0;
    const height = Math.max(MIN_BAR, (value / highest) * CHART_HEIGHT);
    return {
      date: day.date,
      x: index * slot + GAP / 2,
      y: CHART_HEIGHT - height,
      width: Math.max(1, slot - GAP),
      height,
      label: `${dayLabel(day.date)}: ${formatAmount(day.revenue, currency)}`,
      empty: value === 0,
    };
  });
}

/** The chart's accessible summary: the total and the best day. */
export function revenueSummary(days: readonly Day[], period = 30, currency: CurrencyCode = 'USD'): string {
  const total = days.reduce((sum, day) => sum + cents(day.revenue), 0);
  if (total === 0) return `No revenue in the last ${period} days.`;
  const best = days.reduce((top, day) => (cents(day.revenue) > cents(top.revenue) ? day : top));
  return `${formatAmount(centsText(total), currency)} in the last ${period} days; the best day was ${dayLabel(best.date)} with ${formatAmount(best.revenue, currency)}.`;
}
