import { Coins } from 'lucide-react';
import { useId } from 'react';
import type { AdminStats } from '#contract/admin';
import { Skeleton } from '../../../components/ui/skeleton';
import { count, currencyFigures } from './admin-view';

/**
 * The dashboard's "Revenue by currency": each currency's revenue net of refunds, this month's
 * and its paid orders, each in its own currency and never added to another's (decision 0105).
 */
export function RevenueByCurrency({ revenue }: { revenue: AdminStats['revenue'] | undefined }) {
  const titleId = useId();
  return (
    <section className="min-w-0 rounded-2xl border border-border bg-card p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <Coins className="size-4 text-accent" aria-hidden="true" />
        Revenue by currency
      </h2>
      {revenue ? (
        <dl className="tabular mt-3 grid gap-2 text-sm">
          {currencyFigures(revenue).map((row) => (
            <div key={row.currency} className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-border pt-2 first:border-t-0 first:pt-0">
              <dt className="font-semibold">{row.currency}</dt>
              <dd className="font-semibold">{row.total}</dd>
              <dd className="w-full text-xs text-muted-foreground">
                This month {row.thisMonth} · {count(row.paidOrders)} paid {row.paidOrders === 1 ? 'order' : 'orders'}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <Skeleton className="mt-3 h-16" />
      )}
    </section>
  );
}
