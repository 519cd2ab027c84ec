import { useState } from 'react';
import { SUPPORTED_CURRENCIES, type CurrencyCode } from '#domain/currencies';
import { Button } from '../../../components/ui/button';
import { count } from '../shared/admin-view';
import { RevenueChart } from '../shared/RevenueChart';
import { useRevenue } from './operations-queries';

const PERIODS = [7, 30, 90] as const;

/** Paid revenue per day over a chosen period, with its total and its paid orders, of one currency at a time (decision 0105). */
export function RevenueTab() {
  const [period, setPeriod] = useState<number>(30);
  const [currency, setCurrency] = useState<CurrencyCode>('USD');
  const revenue = useRevenue(period, currency);
  // The previous answer stays on screen while another loads: another currency's or period's
  // figures, which the chart would name as this one's ('R$15.99' for $15.99). Nothing until it comes.
  const days = revenue.isPlaceholderData ? undefined : revenue.data?.data;
  const orders = days?.reduce((sum, day) => sum + day.orders, 0);

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-3">
          <div className="flex gap-1 rounded-xl bg-muted p-1" role="group" aria-label="Period">
            {PERIODS.map((days) => (
              <Button key={days} size="sm" variant={period === days ? 'secondary' : 'ghost'} className={period === days ? 'bg-card' : undefined} aria-pressed={period === days} onClick={() => setPeriod(days)}>
                {days} days
              </Button>
            ))}
          </div>
          <div className="flex gap-1 rounded-xl bg-muted p-1" role="group" aria-label="Currency">
            {SUPPORTED_CURRENCIES.map((code) => (
              <Button key={code} size="sm" variant={currency === code ? 'secondary' : 'ghost'} className={currency === code ? 'bg-card' : undefined} aria-pressed={currency === code} onClick={() => setCurrency(code)}>
                {code}
              </Button>
            ))}
          </div>
        </div>
        {orders !== undefined && (
          <p className="tabular text-sm text-muted-foreground" data-testid="revenue-orders">
            {count(orders)} paid {orders === 1 ? 'order' : 'orders'}
          </p>
        )}
      </div>
      {revenue.isError ? <p className="text-sm text-destructive" role="alert">The revenue could not be loaded.</p> : <RevenueChart days={days} period={period} currency={currency} />}
    </div>
  );
}
